import { createHmac } from 'node:crypto';

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com/): the key is the base64 part of
 * `whsec_<base64>` (validated at boot, config.ts), and each delivery carries
 * `webhook-signature: v1,<base64 of HMAC-SHA256 over "{webhook-id}.{webhook-timestamp}.{body}">`.
 */
export function webhookKey(secret: string): Buffer {
  return Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
}

export function signWebhook(key: Buffer, id: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`, 'utf8').digest('base64');
  return `v1,${mac}`;
}

/** The three headers of one delivery attempt (the id is the same on every retry; the time is now). */
export function webhookHeaders(key: Buffer, id: string, timestampSeconds: number, body: string): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': signWebhook(key, id, timestampSeconds, body),
  };
}
