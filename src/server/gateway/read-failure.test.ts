import { describe, expect, it } from 'vitest';
import { describeReadFailure } from './read-failure.ts';
import { retryAfterMs } from './transport.ts';
import { GatewayError } from './types.ts';

const failing = (status: number | undefined, wait?: number) => {
  const error = new GatewayError(`A Woovi não mostrou a cobrança${status ? ` (HTTP ${status})` : ''}.`, 'transaction', status);
  if (wait !== undefined) error.retryAfterMs = wait;
  return error;
};

describe('a background read that fails, in the seller’s words', () => {
  it('names the fix per status; a 404 of one charge is no outage', () => {
    expect(describeReadFailure(failing(401), 'woovi', 'charges')?.said).toMatch(/HTTP 401.*chaves da Woovi nas variáveis da loja/);
    expect(describeReadFailure(failing(403), 'woovi', 'charges')?.said).toMatch(/HTTP 403.*permissões da chave/);
    expect(describeReadFailure(failing(403), 'efi', 'bank_payments')?.said).toMatch(/escopo gn\.opb\.payment\.pix\.read/);
    expect(describeReadFailure(failing(502), 'woovi', 'charges')).toMatchObject({
      said: expect.stringMatching(/a falha é dela/),
      throttle: null,
    });
    expect(describeReadFailure(failing(undefined), 'woovi', 'charges')?.said).toMatch(/não respondeu/);
    expect(describeReadFailure(failing(404), 'woovi', 'charges')).toBeNull();
    expect(describeReadFailure(failing(400), 'efi', 'charges')).toBeNull();
  });

  it('a 429 asks to wait, with its Retry-After or none; a 503 only with one', () => {
    expect(describeReadFailure(failing(429, 120_000), 'woovi', 'charges')?.throttle).toEqual({ retryAfterMs: 120_000 });
    expect(describeReadFailure(failing(429), 'woovi', 'charges')?.throttle).toEqual({ retryAfterMs: null });
    expect(describeReadFailure(failing(503, 30_000), 'woovi', 'charges')?.throttle).toEqual({ retryAfterMs: 30_000 });
    expect(describeReadFailure(failing(503), 'woovi', 'charges')?.throttle).toBeNull();
  });
});

describe('Retry-After (RFC 9110 §10.2.3)', () => {
  const now = Date.parse('2026-11-29T12:00:00Z');
  it('reads delay-seconds and an HTTP-date; anything else is none', () => {
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Sun, 29 Nov 2026 12:05:00 GMT', now)).toBe(300_000);
    expect(retryAfterMs('Sun, 29 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });
});
