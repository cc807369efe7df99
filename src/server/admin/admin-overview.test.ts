import { describe, expect, it } from 'vitest';
import { providerStates } from './admin-overview.ts';

describe('each provider on the day summary', () => {
  it('works only after a charge went through, is failing when its last charge failed after its last success, and skipped while charges go to the next', () => {
    const states = providerStates(
      [
        { id: 'efi', lastSuccessAt: 2_000, lastError: { at: 1_000, message: 'recovered' }, skippedUntil: null },
        { id: 'woovi', lastSuccessAt: 1_000, lastError: { at: 2_000, message: 'HTTP 500' }, skippedUntil: null },
        { id: 'mercadopago', lastSuccessAt: null, lastError: { at: 3_000, message: 'timeout' }, skippedUntil: 63_000 },
        { id: 'abacatepay', lastSuccessAt: null, lastError: null, skippedUntil: null },
      ],
      false,
    );
    expect(states.map(({ state, since, until }) => ({ state, since, until }))).toEqual([
      { state: 'ok', since: 2_000, until: null },
      { state: 'failing', since: 2_000, until: null },
      { state: 'skipped', since: 3_000, until: 63_000 },
      // Never charged on this instance: not said to work.
      { state: 'untried', since: null, until: null },
    ]);
    expect(states.map((entry) => entry.name)).toEqual(['Efí', 'Woovi', 'Mercado Pago', 'AbacatePay']);
  });
});
