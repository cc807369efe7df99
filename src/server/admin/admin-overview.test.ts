import { describe, expect, it } from 'vitest';
import { providerStates } from './admin-overview.ts';

describe('each provider on the day summary', () => {
  it('is failing when its last charge failed after its last success, and skipped while charges go to the next', () => {
    const states = providerStates(
      [
        { id: 'efi', lastSuccessAt: 2_000, lastError: { at: 1_000, message: 'recovered' }, skippedUntil: null },
        { id: 'woovi', lastSuccessAt: 1_000, lastError: { at: 2_000, message: 'HTTP 500' }, skippedUntil: null },
        { id: 'mercadopago', lastSuccessAt: null, lastError: { at: 3_000, message: 'timeout' }, skippedUntil: 63_000 },
      ],
      false,
    );
    expect(states.map(({ state, since, until }) => ({ state, since, until }))).toEqual([
      { state: 'ok', since: null, until: null },
      { state: 'failing', since: 2_000, until: null },
      { state: 'skipped', since: 3_000, until: 63_000 },
    ]);
    expect(states.map((entry) => entry.name)).toEqual(['Efí', 'Woovi', 'Mercado Pago']);
  });
});
