/** Efí's Open Finance API as the provider's Open Finance capability (gateway/open-finance.ts, docs/payments.md#open-finance). */
import type { OpenFinanceCapability } from '../../open-finance.ts';
import {
  createOpenFinanceLink,
  listAcceptedOpenFinancePayments,
  listOpenFinanceLinks,
  listOpenFinanceParticipants,
  readOpenFinancePayment,
  refundOpenFinancePayment,
  revokeOpenFinanceLink,
  startOpenFinanceLinkedPayment,
  startOpenFinancePayment,
  type OpenFinanceApi,
} from './open-finance-client.ts';
import { registerOpenFinanceAtStart } from './open-finance-registration.ts';
import { readOpenFinanceReturn, verifyOpenFinanceWebhook } from './open-finance-webhook.ts';

/** The buyer picks the bank on our checkout from Efí's participants; JSR vínculos too. */
export function efiOpenFinance(api: OpenFinanceApi): OpenFinanceCapability {
  return {
    mode: 'banks',
    participants: (filter = {}) => listOpenFinanceParticipants(api, filter.modality ? { modality: filter.modality } : {}),
    startPayment(input) {
      if (input.participantId === null) throw new TypeError('Efí Open Finance needs the bank the buyer picked');
      const { orderId, amountCents, cpf, participantId, idempotencyKey } = input;
      return startOpenFinancePayment(api, { orderId, amountCents, cpf, participantId, idempotencyKey });
    },
    readPayment: (payment) => readOpenFinancePayment(api, payment.paymentId, payment.startedAt, payment.jsr),
    returnPayment: (payment, cents, key) => refundOpenFinancePayment(api, payment.paymentId, cents, key),
    async listAccepted(oldest, jsr, maxPages) {
      return (await listAcceptedOpenFinancePayments(api, oldest, jsr, maxPages)).payments.map((payment) => payment.paymentId);
    },
    readReturn(url) {
      const back = readOpenFinanceReturn(url);
      return { paymentId: back.paymentId, linkId: back.linkId, error: Boolean(back.error) };
    },
    async readCallback(request) {
      const notice = verifyOpenFinanceWebhook(request, api.webhookHmacSecret);
      // A devolução's end (`tipo: devolucao`) is read back from the payment as a payment's is.
      return notice && (notice.kind === 'payment' || notice.kind === 'refund') ? notice.paymentId : null;
    },
    registerAtStart: (publicUrl, logger) => registerOpenFinanceAtStart(api, publicUrl, logger),
    links: {
      create: (input) => createOpenFinanceLink(api, input),
      list: (cpf) => listOpenFinanceLinks(api, cpf),
      revoke: (linkId, reason) => revokeOpenFinanceLink(api, linkId, reason),
      startPayment: (input) => startOpenFinanceLinkedPayment(api, input),
    },
  };
}
