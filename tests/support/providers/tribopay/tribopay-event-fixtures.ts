/**
 * TriboPay's postbacks as the public record shows them (gateway-notes.md §6, summarised in docs/gateway.md#6-postbacks: nothing authoritative lists
 * the statuses): format (A), the transaction object the API answers (repo amandagoedert/tik `checkout/gateway.log`;
 * Pepper's docs `listar-transacoes`), and format (B), the "v2"/panel body (repo lk-black/SMS-SenderV2
 * `webhooks/serializers.py`; repo Cristianvrb/magoflix-agente-ia `supabase/functions/pepper-postback/index.ts`). The
 * statuses are §6's union ("Status values seen"), each sent in both formats. `HASH` is put in place of the test's
 * transaction.
 */
export const HASH = '__HASH__';

/** Each status seen, with where (gateway-notes.md §6 and the repositories it names). */
export const tribopayStatusSources: Record<string, string> = {
  waiting_payment: 'amandagoedert/tik checkout/gateway.log (every create); magoflix test-agent',
  paid: 'gateway-notes §6 format (B) example; magoflix test-agent',
  refused: 'magoflix test-agent',
  refunded: 'magoflix test-agent',
  chargeback: 'magoflix test-agent',
  chargedback: 'magoflix pepper-postback status label map',
  pending_refund: 'magoflix pepper-postback status label map',
  processing: 'magoflix test-agent',
  authorized: 'magoflix test-agent',
  antifraud: 'magoflix test-agent',
  checkout_abandoned: 'magoflix test-agent',
  waiting: 'lk-black/SMS-SenderV2 webhooks/models.py (commit 200adc3), uncertain',
  canceled: 'rochajps/zeromultas src/lib/tribopay.ts (mapped by integrators, never captured)',
  cancelled: 'analuiza214/loja-top-mix-ironpay-cloudflare-12-07 functions/api/pix/status.js (mapped, never captured)',
  expired: 'rochajps/zeromultas src/lib/tribopay.ts (mapped, never captured)',
};

/** Format (A): the status in `payment_status`. */
export function formatA(status: string): Record<string, unknown> {
  return {
    event: 'transaction',
    id: 4711,
    hash: HASH,
    payment_method: 'pix',
    payment_status: status,
    amount: 1990,
    transaction: '26004327',
  };
}

/** Format (B): the status in `status`, the transaction under `transaction`. */
export function formatB(status: string): Record<string, unknown> {
  return {
    token: '<opaque>',
    event: 'transaction',
    status,
    method: 'pix',
    platform: 'Pepper',
    created_at: '2025-01-01 10:00:00',
    paid_at: null,
    refund_at: null,
    transaction: { id: HASH, amount: '97.00' },
    offer: { hash: 'off123', title: 'My Product' },
  };
}

export function tribopayBody(example: Record<string, unknown>, hash: string): string {
  return JSON.stringify(example).replaceAll(HASH, hash);
}
