/**
 * Woovi's webhook bodies as its documents show them, one per documented event and spelling. Sources:
 * - developers.woovi.com/docs/webhook/webhook-events-type (the event list: OPENPIX:CHARGE_*, OPENPIX:TRANSACTION_*,
 *   PIX_TRANSACTION_REFUND_{RECEIVED,SENT}_{CONFIRMED,REJECTED}, OPENPIX:MOVEMENT_*, the disputes);
 * - developers.woovi.com/docs/webhook/examples/webhook-charge-payload, -charge-expired, -charge-created,
 *   -charge-completed-not-same-payer-payload (a charge's body: `charge` and, when paid, `pix.charge`);
 * - developers.woovi.com/docs/webhook/examples/webhook-refund-received-confirmed (and its _REJECTED and SENT_ pages:
 *   `refundTransaction` and `originalTransaction`, no charge);
 * - developers.woovi.com/docs/disputa/webhook-dispute and docs/webhook/examples/webhook-{created,accepted,canceled}-payload
 *   (`woovi:DISPUTE_*` with `dispute`), developers.openpix.com.br/en/docs/disputa/webhook-dispute (the same as
 *   `OPENPIX:DISPUTE_CREATED`);
 * - developers.woovi.com/docs/webhook/examples/webhook-payment-payload ("Pagamento confirmado" and "Falha no pagamento":
 *   `payment` with our `correlationID`, `transaction` with its `endToEndId`, `error` on a failure, whose codes are on
 *   docs/payment/payment-failed-errors); MOVEMENT_REMOVED has no example there and is taken to carry the same `payment`.
 * The ids are the examples' own where they give one; `CHARGE`, `E2E` and `SEND` are put in place of a charge, a payment and a
 * payout of the test's.
 */
export const CHARGE = '__CHARGE__';
export const E2E = '__E2E__';
export const SEND = '__SEND__';

const charge = { value: 100, status: 'COMPLETED', correlationID: CHARGE, transactionID: '9134e286-6f71-427a-bf00-241681624586' };
const company = { id: '624f46f9e93f9f521c8308d7', name: 'Loja', taxID: '4722767300014' };
const dispute = (status: string) => ({
  status,
  endToEndId: E2E,
  name: 'Seu jorge',
  email: 'seujorge@example.com',
  phoneNumber: '+5519989673846',
  value: 1000,
  disputeReason: 'Golpe',
});
const refundTransaction = (status: string) => ({
  value: 10001,
  time: '2025-08-14T21:31:49.755Z',
  endToEndId: 'D548114172025081421318FbVaF2LTWr',
  status,
  type: 'REFUND',
});

/** Each documented name (after its prefix) with the body its page shows; the prefix is put on by `spelled`. */
export const wooviExamples: Record<string, Record<string, unknown>> = {
  CHARGE_CREATED: { charge: { ...charge, status: 'ACTIVE' }, company },
  CHARGE_COMPLETED: { charge, pix: { charge, time: '2021-03-02T22:29:10.720Z', value: 100, endToEndId: E2E }, company },
  CHARGE_COMPLETED_NOT_SAME_CUSTOMER_PAYER: { charge, pix: { charge, value: 100, endToEndId: E2E }, company },
  CHARGE_EXPIRED: { charge: { ...charge, status: 'EXPIRED' }, company },
  TRANSACTION_RECEIVED: { charge, pix: { charge, value: 100, endToEndId: E2E }, company },
  TRANSACTION_REFUND_RECEIVED: { charge, pix: { charge, value: 100, endToEndId: E2E }, refunds: [], company },
  PIX_TRANSACTION_REFUND_RECEIVED_CONFIRMED: {
    refundTransaction: refundTransaction('CONFIRMED'),
    originalTransaction: { value: 10001, endToEndId: E2E },
  },
  PIX_TRANSACTION_REFUND_RECEIVED_REJECTED: {
    refundTransaction: refundTransaction('REJECTED'),
    originalTransaction: { value: 10001, endToEndId: E2E },
  },
  PIX_TRANSACTION_REFUND_SENT_CONFIRMED: {
    refundTransaction: refundTransaction('CONFIRMED'),
    originalTransaction: { value: 10001, endToEndId: E2E },
  },
  PIX_TRANSACTION_REFUND_SENT_REJECTED: {
    refundTransaction: refundTransaction('REJECTED'),
    originalTransaction: { value: 10001, endToEndId: E2E },
  },
  DISPUTE_CREATED: { dispute: dispute('OPENED') },
  DISPUTE_ACCEPTED: { dispute: dispute('ACCEPTED') },
  DISPUTE_REJECTED: { dispute: dispute('REJECTED') },
  DISPUTE_CANCELED: { dispute: dispute('CANCELED') },
  MOVEMENT_CONFIRMED: {
    payment: { value: 30, status: 'CONFIRMED', destinationAlias: '06882328684', comment: '', correlationID: SEND },
    transaction: { value: 30, endToEndId: E2E, time: '2023-03-16T12:42:47.526Z' },
  },
  MOVEMENT_FAILED: {
    payment: { value: 30, status: 'FAILED', destinationAlias: '06882328684', comment: '', correlationID: SEND },
    transaction: { value: 30, endToEndId: E2E, time: '2023-03-16T12:42:47.526Z' },
    error: { code: 'PAY_PIX_KEY_ERROR', description: 'Erro ao realizar o pagamento para a chave pix informada' },
  },
  MOVEMENT_REMOVED: { payment: { value: 30, status: 'REMOVED', destinationAlias: '06882328684', comment: '', correlationID: SEND } },
};

/** The refund confirmations come unprefixed on Woovi's page; every other name comes as `OPENPIX:` and as `woovi:`. */
export function spellings(name: string): string[] {
  return name.startsWith('PIX_') ? [name, `OPENPIX:${name}`, `woovi:${name}`] : [`OPENPIX:${name}`, `woovi:${name}`];
}

/** The body Woovi would post for `event`, with the test's charge and payment in place. */
export function exampleBody(name: string, event: string, ids: { chargeId: string; endToEndId: string; sendId?: string }): string {
  return JSON.stringify({ event, ...wooviExamples[name] })
    .replaceAll(CHARGE, ids.chargeId)
    .replaceAll(E2E, ids.endToEndId)
    .replaceAll(SEND, ids.sendId ?? 'payment-1');
}
