import { createHash } from 'node:crypto';
import type { PublicConfig } from '../../shared/public-config.ts';

// docs/decisions/0006-tokens-and-csp.md

type TrackerIds = PublicConfig['trackers'];

export const NO_TRACKERS: TrackerIds = Object.freeze({ gaId: null, metaPixelId: null, clarityId: null });

export function scriptHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = '', body = ''] = match;
    if (/\bsrc\s*=/i.test(attributes)) continue;
    // A data block (the page's settings, `application/json`) is never run.
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== 'module' && !type.endsWith('javascript')) continue;
    hashes.add(scriptHash(body));
  }
  return [...hashes];
}

function trackerSources(trackers: TrackerIds) {
  const script: string[] = [];
  const connect: string[] = [];
  const img: string[] = [];
  if (trackers.gaId) {
    script.push('https://*.googletagmanager.com');
    connect.push('https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com');
    img.push('https://*.google-analytics.com', 'https://*.googletagmanager.com');
  }
  if (trackers.metaPixelId) {
    script.push('https://connect.facebook.net');
    connect.push('https://www.facebook.com', 'https://connect.facebook.net');
    img.push('https://www.facebook.com');
  }
  if (trackers.clarityId) {
    // c.bing.com syncs Clarity's cookie.
    script.push('https://*.clarity.ms');
    connect.push('https://*.clarity.ms', 'https://c.bing.com');
    img.push('https://*.clarity.ms', 'https://c.bing.com');
  }
  return { script, connect, img };
}

export interface PolicyOptions {
  trackers: TrackerIds;
  scriptHashes?: string[];
  remoteImages?: boolean;
  /** The hero video's player origin, only on a page that has one (shared/video-link.ts). */
  frames?: string[];
}

export function contentSecurityPolicy(options: PolicyOptions): string {
  const trackers = trackerSources(options.trackers);
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...(options.scriptHashes ?? []), ...trackers.script]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', ...(options.remoteImages ? ['https:'] : trackers.img)]],
    // Only where it adds a source: each falls back to default-src, and the policy is bytes of every
    // page's first round trip (docs/benchmarks.md).
    ...(trackers.connect.length > 0 ? [['connect-src', ["'self'", ...trackers.connect]] as [string, string[]]] : []),
    ...(options.frames?.length ? [['frame-src', ["'self'", ...options.frames]] as [string, string[]]] : []),
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
    ['form-action', ["'self'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/** A session replay would record the credential and the buyer's data. */
export function personalPagePolicy(scriptHashes: string[]): string {
  return contentSecurityPolicy({ trackers: NO_TRACKERS, scriptHashes });
}
