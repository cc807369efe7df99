/** The cookies only after "Aceitar", so the server-side Purchase matches the browser's visitor (docs/tracking.md#server-side-conversions). */
export type TrackingConsent = 'granted' | 'denied' | 'unset';

export interface TrackingContext {
  consent: TrackingConsent;
  fbp?: string;
  fbc?: string;
  ga?: string;
}

// The cookies' documented shapes; anything else is dropped rather than forwarded.
const FBP = /^fb\.\d\.\d{10,16}\.\d{1,24}$/;
const FBC = /^fb\.\d\.\d{10,16}\.[\w-]{1,300}$/;
const GA = /^GA\d\.\d\.\d{1,20}\.\d{1,20}$/;

export function cleanTrackingContext(input: unknown): TrackingContext {
  if (typeof input !== 'object' || input === null) return { consent: 'unset' };
  const record = input as Record<string, unknown>;
  const consent: TrackingConsent = record.consent === 'granted' || record.consent === 'denied' ? record.consent : 'unset';
  if (consent !== 'granted') return { consent };
  const pick = (value: unknown, shape: RegExp) => (typeof value === 'string' && shape.test(value) ? value : undefined);
  const context: TrackingContext = { consent };
  const fbp = pick(record.fbp, FBP);
  const fbc = pick(record.fbc, FBC);
  const ga = pick(record.ga, GA);
  if (fbp) context.fbp = fbp;
  if (fbc) context.fbc = fbc;
  if (ga) context.ga = ga;
  return context;
}
