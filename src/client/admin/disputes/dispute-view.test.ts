import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { disputeActions, disputeFormBody, isDisputeOpenRefusal, medReturnedCents, timeLeft } from './dispute-view.ts';

const now = Date.UTC(2026, 10, 27, 15);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('the time left before a dispute’s deadline', () => {
  it('reads in days and hours, hours and minutes, or minutes', () => {
    expect(timeLeft(now + 2 * 24 * HOUR + 3 * HOUR + 10 * MINUTE, now)).toEqual({ text: 'Faltam 2 dias e 3 h', urgent: false });
    expect(timeLeft(now + 24 * HOUR + 30 * MINUTE, now)).toEqual({ text: 'Faltam 1 dia', urgent: false });
    expect(timeLeft(now + 5 * HOUR + 20 * MINUTE, now)).toEqual({ text: 'Faltam 5 h e 20 min', urgent: true });
    expect(timeLeft(now + 6 * HOUR, now)).toEqual({ text: 'Faltam 6 h', urgent: true });
    expect(timeLeft(now + 40 * MINUTE, now)?.text).toBe('Faltam 40 min');
    // Never "0 min" while there is still time.
    expect(timeLeft(now + 30_000, now)?.text).toBe('Faltam 1 min');
  });

  it('says the deadline passed, and nothing when the provider named none', () => {
    expect(timeLeft(now, now)).toEqual({ text: 'Prazo encerrado', urgent: true });
    expect(timeLeft(now - HOUR, now)?.text).toBe('Prazo encerrado');
    expect(timeLeft(null, now)).toBeNull();
  });
});

describe('"Registrar contestação"', () => {
  const fields = { query: ' joana@example.com ', amount: '', dueOn: '', providerDisputeId: '' };

  it('sends the order’s search alone when the rest is empty: the whole paid amount, no deadline', () => {
    expect(disputeFormBody(fields)).toEqual({ ok: true, body: { query: 'joana@example.com' } });
  });

  it('sends the amount in centavos, the deadline’s day and the provider’s id', () => {
    expect(disputeFormBody({ query: 'VTR-1234', amount: 'R$ 9,90', dueOn: '2026-11-30', providerDisputeId: ' inf_1 ' })).toEqual({
      ok: true,
      body: { query: 'VTR-1234', amountCents: 990, defenceDueOn: '2026-11-30', providerDisputeId: 'inf_1' },
    });
  });

  it('reads the amount as Brazilians write it: commas, thousands dots, the currency sign', () => {
    const amount = (typed: string) => {
      const result = disputeFormBody({ ...fields, amount: typed });
      return result.ok ? result.body.amountCents : result.errors.amount;
    };
    expect(amount('19,90')).toBe(1990);
    expect(amount('R$\u00a01.234,56')).toBe(123_456);
    expect(amount('1.234')).toBe(123_400);
    expect(amount('19.90')).toBe(1990);
    expect(amount(' 29 ')).toBe(2900);
    const refused = 'Valor inválido: escreva em reais, por exemplo 19,90 ou 1.234,56.';
    for (const typed of ['dezenove', '19,905', '1,234.56', '-5', '0,00', '200.000,01']) expect(amount(typed)).toBe(refused);
  });

  it('names what to fix, in Portuguese', () => {
    expect(disputeFormBody({ ...fields, query: '  ', amount: '9,9,9' })).toEqual({
      ok: false,
      errors: {
        query: 'Informe o e-mail, a referência ou o ID E2E do pedido.',
        amount: 'Valor inválido: escreva em reais, por exemplo 19,90 ou 1.234,56.',
      },
    });
    expect(disputeFormBody({ ...fields, providerDisputeId: 'x'.repeat(101) })).toMatchObject({
      ok: false,
      errors: { providerDisputeId: 'O ID da contestação pode ter até 100 caracteres.' },
    });
  });
});

describe('what the console offers for a dispute', () => {
  const dispute = { state: 'open', source: 'manual', defenceSentAt: null, defenceChannel: 'panel', defenceDueAt: null } as const;

  it('offers the defence once, and the panel’s PDF and text after it', () => {
    expect(disputeActions(dispute, now)).toEqual({ sendDefence: true, late: false, panelFiles: false, resolve: true });
    expect(disputeActions({ ...dispute, state: 'defending', defenceSentAt: now }, now)).toEqual({
      sendDefence: false,
      late: false,
      panelFiles: true,
      resolve: true,
    });
    expect(disputeActions({ ...dispute, defenceChannel: 'provider', defenceSentAt: now }, now).panelFiles).toBe(false);
  });

  it('lets only a dispute entered by hand be closed by hand, and no closed one', () => {
    expect(disputeActions({ ...dispute, source: 'provider' }, now).resolve).toBe(false);
    expect(disputeActions({ ...dispute, state: 'lost' }, now)).toEqual({
      sendDefence: false,
      late: false,
      panelFiles: false,
      resolve: false,
    });
  });

  it('follows the deadline: in time up to it, late a moment after, as the server counts it', () => {
    const due = { ...dispute, defenceDueAt: now };
    expect(disputeActions(due, now)).toMatchObject({ sendDefence: true, late: false });
    expect(disputeActions(due, now + 1)).toMatchObject({ sendDefence: false, late: true });
    expect(disputeActions({ ...due, defenceSentAt: now - 1 }, now + 1)).toMatchObject({ sendDefence: false, late: false });
  });

  it('shows a lost dispute’s amount as returned by the MED, and no other', () => {
    expect(medReturnedCents({ state: 'lost', returnedCents: 1990 })).toBe(1990);
    expect(medReturnedCents({ state: 'lost', returnedCents: 500 })).toBe(500);
    expect(medReturnedCents({ state: 'lost', returnedCents: null })).toBe('awaited');
    expect(medReturnedCents({ state: 'won', returnedCents: null })).toBeNull();
  });
});

describe('a refund refused while a dispute is open', () => {
  it('is the 409 that carries the dispute_open code, and no other refusal', () => {
    const warning = 'Este pedido tem uma contestação aberta.';
    expect(isDisputeOpenRefusal(new ApiError(warning, 409, {}, { error: warning, code: 'dispute_open' }))).toBe(true);
    expect(isDisputeOpenRefusal(new ApiError('Outro motivo', 409, {}, { error: 'Outro motivo' }))).toBe(false);
    expect(isDisputeOpenRefusal(new ApiError(warning, 422, {}, { error: warning, code: 'dispute_open' }))).toBe(false);
    expect(isDisputeOpenRefusal(new Error(warning))).toBe(false);
  });
});
