import type { CreateOrderInput } from '../../shared/checkout.ts';

/** `_ga` = `GA1.1.<random>.<first visit>`: the client id is the last two numbers. */
export function gaClientIdFromCookie(cookie: string | undefined): string | null {
  const match = cookie ? /^GA\d\.\d\.(\d{1,20}\.\d{1,20})$/.exec(cookie) : null;
  return match ? match[1]! : null;
}

/** The consent always; trackers' identifiers only when accepted (personal data: privacy/). */
export function trackingToStore(tracking: CreateOrderInput['tracking'], client: { address: string; userAgent?: string }) {
  const granted = tracking.consent === 'granted';
  return {
    consent: tracking.consent,
    fbp: granted ? (tracking.fbp ?? null) : null,
    fbc: granted ? (tracking.fbc ?? null) : null,
    gaClientId: granted ? gaClientIdFromCookie(tracking.ga) : null,
    clientIp: granted ? client.address || null : null,
    userAgent: granted ? client.userAgent?.slice(0, 512) || null : null,
  };
}
