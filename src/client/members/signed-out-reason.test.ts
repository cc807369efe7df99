import { describe, expect, it } from 'vitest';
import { signedOutReason } from './signed-out-reason.ts';

describe('signedOutReason', () => {
  it('says the access ended for a refunded order, by its redirect or by the API', () => {
    expect(signedOutReason({ deadLink: false, search: '?encerrado', ended: false })).toBe('ended');
    expect(signedOutReason({ deadLink: false, search: '', ended: true })).toBe('ended');
    expect(signedOutReason({ deadLink: false, search: '?utm_source=email&encerrado', ended: false })).toBe('ended');
  });

  it('tells a dead link from a visit without a cookie', () => {
    expect(signedOutReason({ deadLink: true, search: '', ended: false })).toBe('invalid-link');
    expect(signedOutReason({ deadLink: false, search: '', ended: false })).toBe('no-session');
    expect(signedOutReason({ deadLink: false, search: '?encerradox', ended: false })).toBe('no-session');
  });
});
