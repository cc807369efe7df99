/** Mercado Pago's Open Finance mode, a PIX payment paid from its own bank page (docs/payments.md#mercado-pagos-open-finance-mode). */
import { mercadopagoCopy } from '../../../../content/providers.ts';
import { paidCharge, type OpenFinanceCapability, type OpenFinancePayment, type OpenFinanceState } from '../../open-finance.ts';
import type { ProviderEvent, WebhookRequest } from '../../pix-provider.ts';
import { TransportFailure } from '../../transport.ts';
import { GatewayError, type PaymentState } from '../../types.ts';
import { centsToReais } from './mercadopago-amount.ts';
import { leavesWriteOpen, type Reply } from './mercadopago-client.ts';
import { parsePayment, readId, type MercadoPagoPayment } from './mercadopago-parse.ts';
import { paymentPath, readPayment, type PaymentsApi } from './mercadopago-payments.ts';
import { readRefund, refundPayment } from './mercadopago-refunds.ts';

/** Our order id travels in `external_reference` under this prefix, apart from the PIX's own (the checkout's key). */
const REFERENCE_PREFIX = 'openfinance:';

export interface StartMercadoPagoBankPayment {
  orderId: string;
  amountCents: number;
  cpf: string;
  email: string;
  name: string;
  description: string;
  idempotencyKey: string;
  callbackUrl: string;
  notificationUrl: string;
}

/** https, or http on loopback (a stand-in's page). */
function navigable(url: string | null): string | null {
  if (!url) return null;
  const parsed = new URL(url);
  if (parsed.protocol === 'https:') return parsed.href;
  const loopback = parsed.hostname === '127.0.0.1' || parsed.hostname === 'localhost' || parsed.hostname === '[::1]';
  return loopback ? parsed.href : null;
}

function startRefusal(reply: Reply): GatewayError {
  return new GatewayError(mercadopagoCopy.chargeFailedHttp(reply.status), 'charge', reply.status, leavesWriteOpen(reply.status));
}

/** `POST /v1/payments`: the PIX body plus `linked_to`, the payer's CPF ("obrigatório") and `callback_url`; no `qr_code` back. */
export async function startBankPayment(
  api: PaymentsApi,
  input: StartMercadoPagoBankPayment,
): Promise<{ paymentId: string; redirectUri: string }> {
  const cpf = input.cpf.replace(/\D/g, '');
  if (cpf.length !== 11) throw new TypeError('a Pix por iniciação needs the payer CPF');
  const [first = '', ...rest] = input.name.trim().split(/\s+/);
  const body = {
    transaction_amount: centsToReais(input.amountCents),
    payment_method_id: 'pix',
    description: input.description.slice(0, 250),
    external_reference: `${REFERENCE_PREFIX}${input.orderId}`,
    notification_url: input.notificationUrl,
    callback_url: input.callbackUrl,
    payer: {
      email: input.email,
      first_name: first,
      ...(rest.length > 0 ? { last_name: rest.join(' ') } : {}),
      identification: { type: 'CPF', number: cpf },
    },
    point_of_interaction: { linked_to: 'openfinance' },
  };
  let reply: Reply;
  try {
    reply = await api.client.call('POST', '/v1/payments', { body, idempotencyKey: input.idempotencyKey });
  } catch (error) {
    throw new GatewayError(mercadopagoCopy.chargeFailed, 'charge', undefined, error instanceof TransportFailure && error.sent);
  }
  if (!reply.ok) throw startRefusal(reply);
  const payment = parsePayment(reply.json);
  const redirectUri = navigable(payment?.ticketUrl ?? null);
  if (!payment || !redirectUri || payment.amountCents !== input.amountCents)
    throw new GatewayError(mercadopagoCopy.chargeFailed, 'charge', reply.status, true);
  return { paymentId: payment.id, redirectUri };
}

const STATES: Readonly<Record<PaymentState, OpenFinanceState>> = {
  paid: 'paid',
  refunding: 'paid',
  reversed: 'paid',
  pending: 'pending',
  failed: 'failed',
  unknown: 'unknown',
};

/** `cancelled` with `status_detail: expired` is a link never used (60 minutes); `refunded` was paid, then given back. */
function stateOf(payment: MercadoPagoPayment): OpenFinanceState {
  if (payment.rawStatus === 'cancelled') return payment.rawStatusDetail === 'expired' ? 'expired' : 'cancelled';
  return payment.rawStatus === 'in_mediation' ? 'paid' : STATES[payment.state];
}

/** `GET /v1/payments/{id}`, shaped as Efí's Open Finance reads so both settle the same way. */
export async function readBankPayment(api: PaymentsApi, paymentId: string): Promise<OpenFinancePayment | null> {
  let reply: Reply;
  try {
    reply = await api.client.call('GET', paymentPath(paymentId));
  } catch {
    throw new GatewayError(mercadopagoCopy.readFailed, 'transaction');
  }
  if (reply.status === 404) return null;
  if (!reply.ok) throw new GatewayError(mercadopagoCopy.readFailedHttp(reply.status), 'transaction', reply.status);
  const payment = parsePayment(reply.json);
  if (!payment || payment.id !== readId(paymentId)) throw new GatewayError(mercadopagoCopy.readFailed, 'transaction', reply.status);
  const reference = payment.externalReference;
  return {
    paymentId: payment.id,
    state: stateOf(payment),
    rawStatus: payment.rawStatus,
    amountCents: payment.amountCents,
    endToEndId: null,
    ownId: reference?.startsWith(REFERENCE_PREFIX) ? reference.slice(REFERENCE_PREFIX.length) : null,
    createdAt: null,
    refunds: payment.refunds.map((refund) => ({
      refundId: refund.id,
      amountCents: refund.amountCents,
      state: refund.state,
      rawStatus: refund.rawStatus,
    })),
  };
}

/** The buyer's way back: Mercado Pago's `paymentId` in the query (digits). */
function readReturn(url: URL): { paymentId: string | null; linkId: null; error: false } {
  const paymentId = url.searchParams.get('paymentId')?.trim() ?? '';
  return { paymentId: /^\d{1,19}$/.test(paymentId) ? paymentId : null, linkId: null, error: false };
}

/**
 * The capability in `provider` mode: Mercado Pago's page picks the bank; the payment is read, refunded and notified as a
 * PIX payment is (its refunds are a charge's, its notifications signed as the PIX's).
 */
export function mercadoPagoOpenFinance(
  api: PaymentsApi,
  parseWebhook: (request: WebhookRequest) => Promise<ProviderEvent[]>,
): OpenFinanceCapability {
  const client = api.client;
  return {
    mode: 'provider',
    startPayment: (input) =>
      startBankPayment(api, {
        orderId: input.orderId,
        amountCents: input.amountCents,
        cpf: input.cpf,
        email: input.email,
        name: input.name,
        description: input.description,
        idempotencyKey: input.idempotencyKey,
        callbackUrl: input.returnUrl,
        notificationUrl: input.callbackUrl,
      }),
    readPayment: (payment) => readBankPayment(api, payment.paymentId),
    async returnPayment(payment, cents, key) {
      const refund = await refundPayment(client, paidCharge(payment.paymentId, cents), { refundId: key, amountCents: cents });
      return { refundId: refund.refundId, amountCents: refund.amountCents, state: refund.state, rawStatus: refund.rawStatus };
    },
    chargeRefunder: (paymentId) => ({
      getCharge: () => readPayment(api, paymentId),
      refund: (read, input) => refundPayment(client, { ...read, chargeId: paymentId }, input),
      getRefund: (read, refundId) => readRefund(client, { ...read, chargeId: paymentId }, refundId),
    }),
    readReturn,
    async readCallback(request) {
      const events = await parseWebhook(request);
      return events.flatMap((event) => (event.kind === 'charge' ? [event.chargeId] : []))[0] ?? null;
    },
  };
}
