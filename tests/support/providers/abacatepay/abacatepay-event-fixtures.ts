/**
 * AbacatePay's webhook bodies as its documents show them, one per documented event. Sources (github.com/AbacatePay/documentation,
 * published at docs.abacatepay.com):
 * - pages/webhooks/reference.mdx ("Eventos suportados": the v2 list, checkout.* / transparent.* / subscription.* /
 *   payout.* / transfer.*);
 * - pages/webhooks/events/transparent.mdx and checkout.mdx (`data.transparent` / `data.checkout`, `payerInformation`);
 * - pages/webhooks/events/subscriptions.mdx (`subscription.trial_started`, `.completed`, `.renewed`, `.payment_failed`,
 *   `.cancelled`), payouts.mdx (`data.withdraw`) and transfers.mdx (`data.transfer`);
 * - pages/v1/webhooks.mdx (v1: `billing.created`, `.paid`, `.refunded`, `.failed`, `subscription.created`, `.canceled`, the
 *   charge's fields in `data` itself); AbacatePay/go-types `v1/webhook.go` (`billing.paid` with `data.billing` or
 *   `data.pixQrCode`; `withdraw.done`, `withdraw.failed`) and pages/cli/webhooks.mdx (`abacatepay trigger payout.done`).
 * The `*.lost` events are on the reference list only; their bodies are taken to be the `*.disputed` ones'.
 * `CHARGE` is put in place of the test's charge.
 */
export const CHARGE = '__CHARGE__';

const customer = { id: 'cust_def456', name: 'Maria Santos', email: 'maria@exemplo.com', taxId: '12.***.***/0001-**' };
const payerInformation = { method: 'PIX', PIX: { name: 'Maria Santos', taxId: '12.***.***/0001-**', isSameAsCustomer: true } };
const transparent = {
  id: CHARGE,
  externalId: 'pedido-456',
  amount: 5000,
  paidAmount: 5000,
  platformFee: 50,
  status: 'PAID',
  frequency: 'ONE_TIME',
  devMode: true,
  customerId: 'cust_abc123',
  methods: ['PIX'],
  receiptUrl: 'https://app.abacatepay.com/receipt/...',
};
const checkout = { ...transparent, id: CHARGE, url: `https://app.abacatepay.com/pay/${CHARGE}`, items: [{ id: 'prod_xyz', quantity: 1 }] };
const subscription = {
  id: 'subs_tAFqDWBhcEYTjQh2K0ZYDHau',
  amount: 2990,
  currency: 'BRL',
  method: 'PIX',
  status: 'ACTIVE',
  frequency: 'MONTHLY',
};
const subscriptionPaid = {
  subscription,
  customer,
  payment: { id: 'char_xyz789', amount: 2990, paidAmount: 2990, status: 'PAID', methods: ['PIX'] },
  payerInformation,
  checkout: { id: 'bill_jskd3TMfScHZDJe5NSZjTmQ4', amount: 2990, frequency: 'SUBSCRIPTION', status: 'PAID', methods: ['PIX'] },
};
const withdraw = (status: string) => ({ id: 'tran_xxx', amount: 1000, status, method: 'PIX', platformFee: 80, externalId: null });
/** pages/webhooks/events/transfers.mdx: a `/pix/send`'s word, by the `externalId` it was sent with. */
const transfer = (status: string) => ({
  id: 'tran_xxx',
  externalId: 'payout-ext-123',
  amount: 1000,
  status,
  method: 'PIX',
  platformFee: 80,
  receiptUrl: 'https://...',
  createdAt: '...',
  updatedAt: '...',
  endToEndIdentifier: 'E123...',
});
const v1Billing = (status: string) => ({
  id: CHARGE,
  externalId: 'pedido-123',
  amount: 10000,
  paidAmount: 10000,
  status,
  customer: { id: 'cust_abc123', email: 'customer@example.com' },
});

/** Each documented event with the `data` its page shows. */
export const abacatepayExamples: Record<string, Record<string, unknown>> = {
  'transparent.completed': { transparent, customer, payerInformation },
  'transparent.refunded': { transparent, customer, payerInformation, reason: 'requested_by_customer' },
  'transparent.disputed': { transparent, customer, payerInformation, reason: 'requested_by_customer' },
  'transparent.lost': { transparent, customer, payerInformation, reason: 'requested_by_customer' },
  'checkout.completed': { checkout, customer, payerInformation },
  'checkout.refunded': { checkout, customer, payerInformation, reason: 'requested_by_customer' },
  'checkout.disputed': { checkout, customer, payerInformation, reason: 'requested_by_customer' },
  'checkout.lost': { checkout, customer, payerInformation, reason: 'requested_by_customer' },
  'subscription.trial_started': { subscription: { ...subscription, trialDays: 7 }, customer },
  'subscription.completed': subscriptionPaid,
  'subscription.renewed': subscriptionPaid,
  'subscription.payment_failed': { subscription, installmentId: 'intl_abc123xyz', installmentNumber: 2, retryNumber: 1 },
  'subscription.cancelled': { ...subscriptionPaid, subscription: { ...subscription, status: 'CANCELLED' } },
  'payout.completed': { withdraw: { ...withdraw('COMPLETE'), endToEndIdentifier: 'E123' } },
  'payout.failed': { withdraw: withdraw('FAILED') },
  'payout.done': { transaction: withdraw('COMPLETE') },
  'transfer.completed': { transfer: transfer('COMPLETE') },
  'transfer.failed': { transfer: transfer('FAILED') },
  'billing.created': v1Billing('PENDING'),
  'billing.paid': v1Billing('PAID'),
  'billing.refunded': v1Billing('REFUNDED'),
  'billing.failed': v1Billing('FAILED'),
  'subscription.created': { id: 'subs_1', amount: 2990, status: 'ACTIVE', customer: { id: 'cust_abc123' } },
  'subscription.canceled': { id: 'subs_1', amount: 2990, status: 'CANCELLED', customer: { id: 'cust_abc123' } },
  'withdraw.done': { transaction: withdraw('COMPLETE') },
  'withdraw.failed': { transaction: withdraw('CANCELLED') },
};

/** go-types' other `billing.paid` shapes: the charge under `data.billing` or `data.pixQrCode`. */
export const billingPaidNested = [
  { payment: { amount: 4000, fee: 80, method: 'PIX' }, billing: { id: CHARGE, amount: 4000, status: 'PAID' } },
  { payment: { amount: 4000, fee: 80, method: 'PIX' }, pixQrCode: { id: CHARGE, amount: 4000, kind: 'PIX', status: 'PAID' } },
];

/** The body AbacatePay would post: v2's events carry `apiVersion: 2`, v1's do not. */
export function abacatepayBody(event: string, data: Record<string, unknown>, chargeId: string): string {
  const v1 = /^(billing|withdraw)\.|^subscription\.(created|canceled)$/.test(event);
  return JSON.stringify({ event, ...(v1 ? {} : { apiVersion: 2 }), devMode: false, data }).replaceAll(CHARGE, chargeId);
}
