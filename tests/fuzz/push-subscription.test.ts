import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { pushEndpointAllowed } from '../../src/server/push/push-console.ts';
import { parseMuted } from '../../src/server/push/push-delivery.ts';
import { PUSH_KINDS, PushDeviceSchema, PushPreferencesSchema } from '../../src/shared/push.ts';
import { announceSeed, cpuMs, FUZZ_SEED, runs } from './fuzz-kit.ts';
import { hostileString, pollutionJson, PROTOTYPE_KEYS, shapedJson } from './hostile-input.ts';

/**
 * A device's subscription (POST /api/admin/notifications/devices) is what a browser's PushSubscription.toJSON() gave
 * (W3C Push API; keys per RFC 8291 §3.2), so anything may arrive: the schema answers any body at once without touching
 * Object.prototype, keeps only keys of the sizes RFC 8291 names, and a real shop sends only to a push service on the
 * internet (no loopback, private or bare-IP host).
 */
const params = (numRuns: number) => ({ seed: FUZZ_SEED, numRuns: runs(numRuns) });

const valid = {
  subscription: {
    endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
    expirationTime: null,
    keys: { p256dh: Buffer.alloc(65, 4).toString('base64url'), auth: Buffer.alloc(16, 7).toString('base64url') },
  },
  device: 'Pixel 8',
};

beforeAll(() => announceSeed('push-subscription'));

describe('the push subscription a browser sends', () => {
  it('is checked within 5 ms of CPU whatever the body, never throwing and never touching Object.prototype', () => {
    fc.assert(
      fc.property(fc.oneof(shapedJson(valid), shapedJson(valid.subscription), pollutionJson), (text) => {
        const body = JSON.parse(text) as unknown;
        let result: ReturnType<typeof PushDeviceSchema.safeParse> | undefined;
        expect(cpuMs(() => (result = PushDeviceSchema.safeParse(body)), 5)).toBeLessThanOrEqual(5);
        if (result!.success) {
          expect(Buffer.from(result!.data.subscription.keys.p256dh, 'base64url')).toHaveLength(65);
          expect(Buffer.from(result!.data.subscription.keys.auth, 'base64url')).toHaveLength(16);
        }
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      params(500),
    );
  });

  it('accepts a real one and refuses keys named after the prototype', () => {
    expect(PushDeviceSchema.safeParse(valid).success).toBe(true);
    for (const key of PROTOTYPE_KEYS) {
      const body = JSON.parse(
        `{"subscription":{"endpoint":"https://x.example/p","keys":{"${key}":{"p256dh":"a"}}},"device":"x"}`,
      ) as unknown;
      expect(PushDeviceSchema.safeParse(body).success).toBe(false);
    }
  });

  it('lets a real shop send only to a named host over https', () => {
    const shop = 'https://loja.example.com';
    fc.assert(
      fc.property(hostileString, (text) => {
        const endpoint = `https://${text}/push`;
        if (!URL.canParse(endpoint)) return;
        const host = new URL(endpoint).hostname;
        if (pushEndpointAllowed(endpoint, shop)) expect(host).toMatch(/^[a-z0-9.-]+\.[a-z]{2,}$/i);
      }),
      params(300),
    );
    for (const endpoint of [
      'http://fcm.googleapis.com/x',
      'https://127.0.0.1/x',
      'https://[::1]/x',
      'https://localhost/x',
      'https://printer.local/x',
      'https://10.0.0.1/x',
    ])
      expect(pushEndpointAllowed(endpoint, shop), endpoint).toBe(false);
    expect(pushEndpointAllowed('https://web.push.apple.com/abc', shop)).toBe(true);
  });

  it('keeps of stored preferences only known kinds, whatever the text', () => {
    fc.assert(
      fc.property(fc.oneof(hostileString, pollutionJson, shapedJson({ muted: ['sale'] })), (text) => {
        for (const kind of parseMuted(text)) expect(PUSH_KINDS).toContain(kind);
        const parsed = PushPreferencesSchema.safeParse(
          (() => {
            try {
              return JSON.parse(text) as unknown;
            } catch {
              return text;
            }
          })(),
        );
        if (parsed.success) for (const kind of parsed.data.muted) expect(PUSH_KINDS).toContain(kind);
      }),
      params(300),
    );
  });
});
