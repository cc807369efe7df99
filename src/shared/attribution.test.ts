import { describe, expect, it } from 'vitest';
import { attributionFromSearch, cleanAttribution } from './attribution.ts';
import { cleanTrackingContext } from './tracking-context.ts';

describe('attribution', () => {
  it('reads the nine campaign parameters from a query string and nothing else', () => {
    expect(
      attributionFromSearch(
        '?utm_source=fb&utm_medium=cpc&utm_campaign=black%20friday&utm_content=video&utm_term=lista&src=bio&sck=abc&fbclid=IwAR0&gclid=Cj0&page=2',
      ),
    ).toEqual({
      utm_source: 'fb',
      utm_medium: 'cpc',
      utm_campaign: 'black friday',
      utm_content: 'video',
      utm_term: 'lista',
      src: 'bio',
      sck: 'abc',
      fbclid: 'IwAR0',
      gclid: 'Cj0',
    });
    expect(attributionFromSearch('')).toEqual({});
    expect(attributionFromSearch('?utm_source=&page=1')).toEqual({});
  });

  it('cleans instead of refusing: trims, drops control characters and non-strings, cuts at 200 characters', () => {
    expect(cleanAttribution({ utm_source: '  fb\u0000\n ', utm_campaign: 42, other: 'x', gclid: 'g'.repeat(500) })).toEqual({
      utm_source: 'fb',
      gclid: 'g'.repeat(200),
    });
    expect(cleanAttribution('nope')).toEqual({});
    expect(cleanAttribution(null)).toEqual({});
  });
});

describe('tracking context', () => {
  const cookies = { fbp: 'fb.1.1700000000000.1234567890', fbc: 'fb.1.1700000000000.IwAR2x_Y-z', ga: 'GA1.1.987654321.1700000000' };

  it('keeps the trackers\' cookies only after "Aceitar"', () => {
    expect(cleanTrackingContext({ consent: 'granted', ...cookies })).toEqual({ consent: 'granted', ...cookies });
    expect(cleanTrackingContext({ consent: 'denied', ...cookies })).toEqual({ consent: 'denied' });
    expect(cleanTrackingContext({ ...cookies })).toEqual({ consent: 'unset' });
    expect(cleanTrackingContext(undefined)).toEqual({ consent: 'unset' });
  });

  it("drops a cookie value that does not have the tracker's shape", () => {
    expect(cleanTrackingContext({ consent: 'granted', fbp: 'fb.1.x.<script>', fbc: 'fb.1.1700000000000.a b', ga: 'GA1.1.1' })).toEqual({
      consent: 'granted',
    });
  });
});
