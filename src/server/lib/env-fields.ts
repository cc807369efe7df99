import { z } from 'zod';

// Field shapes shared by env-schema.ts and the providers' settings (gateway/providers/<id>/index.ts).

/** A blank line in a .env file. */
export const blankAsUnset = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

export const httpUrl = z
  .string()
  .trim()
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'http:' || url.protocol === 'https:';
      } catch {
        return false;
      }
    },
    { message: 'must be an http(s) URL' },
  )
  .transform((value) => value.replace(/\/+$/, ''));

export const isLoopbackHost = (hostname: string) => {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '::1';
};

/** https, as it carries credentials; plain http only on loopback, for a stand-in. */
export const apiUrl = httpUrl.refine(
  (value) => {
    const url = new URL(value);
    return url.protocol === 'https:' || isLoopbackHost(url.hostname);
  },
  { message: 'must be an https:// URL (http:// only on loopback, for a local stand-in)' },
);

export const isEmailAddress = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
