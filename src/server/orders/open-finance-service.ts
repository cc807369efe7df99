/** "Pagar no app do banco": an Open Finance payment beside the order's PIX, at Efí or Mercado Pago (docs/payments.md#open-finance). */
import type { EfiProvider } from '../gateway/providers/efi/efi-provider.ts';
import {
  listAcceptedOpenFinancePayments,
  listOpenFinanceParticipants,
  OpenFinanceError,
  startOpenFinancePayment,
  type OpenFinanceApi,
} from '../gateway/providers/efi/open-finance-client.ts';
import type { OpenFinanceParticipant } from '../gateway/providers/efi/open-finance-parse.ts';
import { readOpenFinanceReturn, verifyOpenFinanceWebhook } from '../gateway/providers/efi/open-finance-webhook.ts';
import type { WebhookRequest } from '../gateway/pix-provider.ts';
import type { ProviderId } from '../gateway/provider-registry.ts';
import { cancelAtProvider } from '../payment/charge-cancellation.ts';
import { chargeItemsOf } from './order-items.ts';
import { findOrderById } from './order-lookup.ts';
import type { OrdersDeps, ReadPass, ReadTally } from './orders-deps.ts';
import type { OrderRow } from './orders-repository.ts';
import { confirmOrderPaid } from '../payment/payment-confirmation.ts';
import {
  bankRailProvider,
  bankRailsOn,
  isBankRailFailure,
  MERCADOPAGO_BANK_CHOICE,
  mercadoPagoOpenFinance,
  railOf,
} from './open-finance-rails.ts';
import { returnBankPayment } from './open-finance-twice.ts';
import {
  claimOpenFinancePaid,
  claimOpenFinanceRead,
  findOpenFinanceByKey,
  findOpenFinancePayment,
  insertOpenFinancePayment,
  listOrderUnsettledOpenFinance,
  listUnsettledOpenFinance,
  markOpenFinanceChecked,
  oldestWaitingAtEfi,
  participantUse,
  setOpenFinanceState,
  waitingAmong,
} from './open-finance-repository.ts';

const BANKS_TTL_MS = 60 * 60_000;
const banksCache = new WeakMap<OpenFinanceApi, Map<string, { at: number; list: OpenFinanceParticipant[] }>>();

/** Efí's Open Finance API when EFI_OPEN_FINANCE is on and efi is a provider; null otherwise. */
export function openFinanceApi(deps: OrdersDeps): OpenFinanceApi | null {
  const efi = deps.payments.get('efi') as EfiProvider | undefined;
  return efi?.openFinance ?? null;
}

const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

async function participants(deps: OrdersDeps, api: OpenFinanceApi, modality?: 'biometria'): Promise<OpenFinanceParticipant[]> {
  const now = deps.now?.() ?? Date.now();
  const lists = banksCache.get(api) ?? new Map<string, { at: number; list: OpenFinanceParticipant[] }>();
  banksCache.set(api, lists);
  let cached = lists.get(modality ?? '');
  if (!cached || now - cached.at > BANKS_TTL_MS) {
    cached = { at: now, list: await listOpenFinanceParticipants(api, modality ? { modality } : {}) };
    lists.set(modality ?? '', cached);
  }
  return cached.list;
}

/** Whether Efí lists the bank for Pix por biometria (JSR); false when the list cannot be read now. */
export async function offersBiometrics(deps: OrdersDeps, api: OpenFinanceApi, participantId: string): Promise<boolean> {
  try {
    return (await participants(deps, api, 'biometria')).some((bank) => bank.id === participantId);
  } catch (error) {
    if (!(error instanceof OpenFinanceError)) throw error;
    return false;
  }
}

/** Whether Efí lists the bank: an id it does not list never reaches Efí with the buyer's CPF. */
export async function isListedBank(deps: OrdersDeps, api: OpenFinanceApi, participantId: string): Promise<boolean> {
  return (await participants(deps, api)).some((bank) => bank.id === participantId);
}

export async function bankNameOf(deps: OrdersDeps, api: OpenFinanceApi, participantId: string): Promise<string | null> {
  try {
    return (await participants(deps, api)).find((bank) => bank.id === participantId)?.name ?? null;
  } catch (error) {
    if (!(error instanceof OpenFinanceError)) throw error;
    return null;
  }
}

/** Efí's participants, the banks this shop's buyers chose most first, then by name. */
export async function listBanks(deps: OrdersDeps, api: OpenFinanceApi, query: string): Promise<OpenFinanceParticipant[]> {
  const list = await participants(deps, api);
  const uses = await participantUse(deps.db);
  const wanted = folded(query.trim());
  return list
    .filter((bank) => wanted === '' || folded(bank.name).includes(wanted))
    .sort((a, b) => (uses.get(b.id) ?? 0) - (uses.get(a.id) ?? 0) || a.name.localeCompare(b.name, 'pt-BR'));
}

type StartResult = { kind: 'started'; redirectUri: string } | { kind: 'not_payable' } | { kind: 'no_cpf' } | { kind: 'failed' };

/** One payment per order and bank while it is pending: a repeat gets the same `redirectUri`. */
export async function startBankPayment(
  deps: OrdersDeps,
  api: OpenFinanceApi,
  order: OrderRow,
  participantId: string,
): Promise<StartResult> {
  if (order.status !== 'pending') return { kind: 'not_payable' };
  if (!order.buyer_document) return { kind: 'no_cpf' };
  const next = await pendingOrNextAttempt(deps, (attempt) => attemptKey(order.id, participantId, attempt));
  if ('redirectUri' in next) return { kind: 'started', ...next };
  const { idempotencyKey } = next;
  try {
    const started = await startOpenFinancePayment(api, {
      orderId: order.id,
      amountCents: order.amount_cents,
      cpf: order.buyer_document,
      participantId,
      idempotencyKey,
    });
    await keepStartedPayment(deps, started, { order, participantId, idempotencyKey, jsr: false });
    return { kind: 'started', redirectUri: started.redirectUri };
  } catch (error) {
    if (!(error instanceof OpenFinanceError)) throw error;
    deps.logger.warn('Open Finance payment not started', { order: order.id, error: error.message });
    return { kind: 'failed' };
  }
}

export const MERCADOPAGO_OPEN_FINANCE_PATHS = {
  callback: '/api/open-finance/volta',
  webhook: '/api/webhooks/mercadopago-open-finance',
} as const;

/** Mercado Pago's Open Finance mode: no bank of ours to pick, the browser goes to Mercado Pago's page (`ticket_url`). */
export async function startMercadoPagoBankPayment(deps: OrdersDeps, order: OrderRow): Promise<StartResult> {
  const mp = mercadoPagoOpenFinance(deps);
  if (!mp || order.status !== 'pending') return { kind: 'not_payable' };
  if (!order.buyer_document || order.buyer_document.replace(/\D/g, '').length !== 11) return { kind: 'no_cpf' };
  const next = await pendingOrNextAttempt(deps, (attempt) => attemptKey(order.id, MERCADOPAGO_BANK_CHOICE, attempt));
  if ('redirectUri' in next) return { kind: 'started', ...next };
  const { idempotencyKey } = next;
  const publicUrl = deps.publicUrl();
  try {
    const started = await mp.openFinance.start({
      orderId: order.id,
      amountCents: order.amount_cents,
      cpf: order.buyer_document,
      email: order.buyer_email,
      name: order.buyer_name,
      description: (await chargeItemsOf(deps.db, order.id)).map((item) => item.title).join(' + '),
      idempotencyKey,
      callbackUrl: `${publicUrl}${MERCADOPAGO_OPEN_FINANCE_PATHS.callback}`,
      notificationUrl: `${publicUrl}${MERCADOPAGO_OPEN_FINANCE_PATHS.webhook}`,
    });
    await keepStartedPayment(deps, started, { order, participantId: MERCADOPAGO_BANK_CHOICE, idempotencyKey, jsr: false });
    return { kind: 'started', redirectUri: started.redirectUri };
  } catch (error) {
    if (!isBankRailFailure(error)) throw error;
    deps.logger.warn('Mercado Pago Open Finance payment not started', { order: order.id, error: error.message });
    return { kind: 'failed' };
  }
}

/** The address of the order's payment still waiting at this bank (`null`: Mercado Pago's page), if there is one. */
export async function heldBankPayment(deps: OrdersDeps, order: OrderRow, participantId: string | null): Promise<string | null> {
  if (order.status !== 'pending') return null;
  const next = await pendingOrNextAttempt(deps, (attempt) => attemptKey(order.id, participantId ?? MERCADOPAGO_BANK_CHOICE, attempt));
  return 'redirectUri' in next ? next.redirectUri : null;
}

/** The attempt still waiting at the bank (its address again), or the next attempt's key: a new payment only after one ended. */
export async function pendingOrNextAttempt(
  deps: OrdersDeps,
  keyOf: (attempt: number) => string,
): Promise<{ redirectUri: string } | { idempotencyKey: string }> {
  for (let attempt = 1; ; attempt++) {
    const held = await findOpenFinanceByKey(deps.db, keyOf(attempt));
    if (!held) return { idempotencyKey: keyOf(attempt) };
    if (held.state === 'pending' || held.state === 'unknown') return { redirectUri: held.redirect_uri };
  }
}

export async function keepStartedPayment(
  deps: OrdersDeps,
  started: { paymentId: string; redirectUri: string },
  of: { order: OrderRow; participantId: string; idempotencyKey: string; jsr: boolean },
): Promise<void> {
  await insertOpenFinancePayment(deps.db, {
    payment_id: started.paymentId,
    order_id: of.order.id,
    participant_id: of.participantId,
    idempotency_key: of.idempotencyKey,
    redirect_uri: started.redirectUri,
    state: 'pending',
    amount_cents: of.order.amount_cents,
    created_at: deps.now?.() ?? Date.now(),
    paid_at: null,
    returned_at: null,
    jsr: of.jsr ? 1 : 0,
  });
}

function attemptKey(orderId: string, participantId: string, attempt: number): string {
  return `${orderId}:${participantId}:${attempt}`;
}

/**
 * Paid, the order is confirmed like a PIX and its PIX cancelled; when the PIX was paid too, this payment goes back at once.
 * `reads` (the lost-payment pass) hears each read of its provider and skips a provider that asked to wait.
 */
export async function settleBankPayment(deps: OrdersDeps, paymentId: string, reads?: BankReads): Promise<OrderRow | undefined> {
  const row = await findOpenFinancePayment(deps.db, paymentId);
  if (!row) return undefined;
  const order = await findOrderById(deps.db, row.order_id);
  const rail = railOf(deps, row);
  if (!order || !rail) return order;
  const provider = bankRailProvider(row);
  if (reads?.paused(provider)) return order;
  let read;
  try {
    read = await rail.read();
  } catch (error) {
    if (!isBankRailFailure(error)) throw error;
    deps.logger.warn('Open Finance payment not read', { order: order.id, error: error.message });
    reads?.tallyOf(provider).failed(error);
    return order;
  }
  reads?.tallyOf(provider).answered();
  if (!read || read.ownId !== order.id) return order;
  const now = deps.now?.() ?? Date.now();
  if (read.state !== 'paid') {
    await setOpenFinanceState(deps.db, paymentId, read.state);
    return order;
  }
  if (read.amountCents !== row.amount_cents) {
    deps.logger.warn('Open Finance paid amount differs from the order; not fulfilled', { order: order.id });
    return order;
  }
  // The callback and the way back often arrive together: only one of them goes on.
  if (!(await claimOpenFinancePaid(deps.db, paymentId, now))) {
    // Already paid: a refund of it that ended is followed now, even after its gateway refund stopped being retried.
    if (read.refunds.some((refund) => refund.state !== 'pending')) await deps.refundEnded?.(order.id);
    return (await findOrderById(deps.db, order.id)) ?? order;
  }
  const paid = await confirmOrderPaid(deps, order, now, paymentId);
  const pixPaidToo = paid ? (await cancelAtProvider(deps, paid)) === 'paid' : true;
  if (pixPaidToo) await returnBankPayment(deps, rail, row.payment_id, row.amount_cents, order.id);
  return (await findOrderById(deps.db, order.id)) ?? order;
}

/** "Já paguei" and the order's polling: each waiting bank payment read back as its PIX is, at most once per `intervalMs`. */
export async function settleOrderBankPayments(deps: OrdersDeps, orderId: string, now: number, intervalMs: number): Promise<number> {
  if (!bankRailsOn(deps)) return 0;
  let read = 0;
  for (const paymentId of await listOrderUnsettledOpenFinance(deps.db, orderId)) {
    // Its own claim, not the order's: a PIX read a moment before (the reconciler's, a webhook's) holds back no bank read.
    if (!(await claimOpenFinanceRead(deps.db, paymentId, now, intervalMs))) continue;
    await settleBankPayment(deps, paymentId);
    read++;
  }
  return read;
}

/** How long after its start a waiting payment is left to its callback and way back before a pass looks for it. */
const SETTLE_AFTER_MS = 60_000;
/** Waiting payments one pass reads one by one, in turn. */
const READS_PER_PASS = 20;
/** Pages (100 payments each) of Efí's accepted list one pass reads per list (immediate, JSR). */
const LIST_PAGES_PER_PASS = 5;
/** The most a pass asks of Efí's Open Finance API: docs/payments.md#open-finance has the arithmetic against its limits. */
export const EFI_READS_PER_PASS = 2 * LIST_PAGES_PER_PASS + READS_PER_PASS;

/** One lost-payment pass's reads, per provider: summed into its health, and a provider that asked to wait is left alone. */
export interface BankReads {
  tallyOf(provider: ProviderId): ReadTally;
  paused(provider: ProviderId): boolean;
}

const NO_TALLY: ReadTally = { answered: () => undefined, failed: () => undefined };

async function bankReads(deps: OrdersDeps, now: number) {
  const passes = new Map<ProviderId, ReadPass>();
  const pausedBefore = new Set<ProviderId>();
  for (const provider of ['efi', 'mercadopago'] as const) {
    if ((await deps.backgroundReads?.pausedUntil(provider, now)) != null) pausedBefore.add(provider);
  }
  const passOf = (provider: ProviderId) => {
    let pass = passes.get(provider);
    if (!pass && deps.backgroundReads) passes.set(provider, (pass = deps.backgroundReads.pass(provider, 'bank_payments')));
    return pass;
  };
  const reads: BankReads = {
    tallyOf: (provider) => passOf(provider)?.tally ?? NO_TALLY,
    // Efí (or Mercado Pago) said to slow down, before this pass or during it: asked nothing more until the pause ends.
    paused: (provider) => pausedBefore.has(provider) || (passes.get(provider)?.throttled() ?? false),
  };
  return {
    reads,
    async record(): Promise<void> {
      for (const pass of passes.values()) await pass.record(now);
    },
  };
}

/**
 * Lost callbacks: Efí's list of accepted payments, newest days first, finds a paid one among any number waiting; then 20
 * read in turn learn each one's end (an abandoned link leaves when its provider reads it expired).
 */
export async function settleLostBankPayments(deps: OrdersDeps, over: () => boolean): Promise<number> {
  if (!bankRailsOn(deps)) return 0;
  const now = deps.now?.() ?? Date.now();
  const before = now - SETTLE_AFTER_MS;
  let read = 0;
  const pass = await bankReads(deps, now);
  const { reads } = pass;
  const stop = () => over() || (reads.paused('efi') && reads.paused('mercadopago'));
  const api = openFinanceApi(deps);
  if (api) {
    for (const jsr of [false, true]) {
      const oldest = await oldestWaitingAtEfi(deps.db, jsr, MERCADOPAGO_BANK_CHOICE);
      if (oldest === null || stop() || reads.paused('efi')) continue;
      let accepted: string[];
      try {
        accepted = (await listAcceptedOpenFinancePayments(api, oldest, jsr, LIST_PAGES_PER_PASS)).payments.map(
          (payment) => payment.paymentId,
        );
        reads.tallyOf('efi').answered();
      } catch (error) {
        if (!(error instanceof OpenFinanceError)) throw error;
        reads.tallyOf('efi').failed(error);
        deps.logger.warn('Open Finance accepted payments not listed', { error: error.message });
        continue;
      }
      for (const paymentId of await waitingAmong(deps.db, accepted, before)) {
        if (stop()) break;
        await settleBankPayment(deps, paymentId, reads);
        read++;
      }
    }
  }
  if (!stop()) {
    const ids = await listUnsettledOpenFinance(deps.db, { before, limit: READS_PER_PASS });
    await markOpenFinanceChecked(deps.db, ids, now);
    for (const paymentId of ids) {
      if (stop()) break;
      await settleBankPayment(deps, paymentId, reads);
      read++;
    }
  }
  await pass.record();
  return read;
}

function returnOf(url: URL): { paymentId: string | null; error: boolean } {
  const efi = readOpenFinanceReturn(url);
  if (efi.paymentId) return { paymentId: efi.paymentId, error: Boolean(efi.error) };
  const mercadoPago = url.searchParams.get('paymentId')?.trim() ?? '';
  return { paymentId: /^\d{1,19}$/.test(mercadoPago) ? mercadoPago : null, error: false };
}

/** The buyer back from their bank: the payment read back, and the order to show. */
export async function bankReturn(
  deps: OrdersDeps,
  url: URL,
): Promise<{ order: OrderRow; outcome: 'paid' | 'refused' | 'pending' } | undefined> {
  const back = returnOf(url);
  if (!back.paymentId) return undefined;
  const order = await settleBankPayment(deps, back.paymentId);
  if (!order) return undefined;
  const row = await findOpenFinancePayment(deps.db, back.paymentId);
  // `paid` here: the callback, read at the same moment, is confirming the order.
  if (order.status === 'paid' || row?.state === 'paid') return { order, outcome: 'paid' };
  return { order, outcome: back.error || (row && row.state !== 'pending' && row.state !== 'unknown') ? 'refused' : 'pending' };
}

/** Efí's callback names a payment: null when it is not ours to read; throws WebhookRejectedError when unverified. */
export async function bankCallback(deps: OrdersDeps, api: OpenFinanceApi, request: WebhookRequest): Promise<string | null> {
  const notice = verifyOpenFinanceWebhook(request, api.webhookHmacSecret);
  // A devolução's end (`tipo: devolucao`) is read back from the payment as a payment's is.
  if (!notice || (notice.kind !== 'payment' && notice.kind !== 'refund')) return null;
  return (await findOpenFinancePayment(deps.db, notice.paymentId)) ? notice.paymentId : null;
}

/** Mercado Pago's notification of one of our Open Finance payments (its signature checked as the PIX's); null while off. */
export function mercadoPagoBankCallback(deps: OrdersDeps): ((request: WebhookRequest) => Promise<string | null>) | null {
  const mp = mercadoPagoOpenFinance(deps);
  if (!mp) return null;
  return async (request) => {
    const events = await mp.provider.parseWebhook(request);
    const paymentId = events.flatMap((event) => (event.kind === 'charge' ? [event.chargeId] : []))[0];
    return paymentId && (await findOpenFinancePayment(deps.db, paymentId)) ? paymentId : null;
  };
}
