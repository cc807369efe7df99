/** "Pagar no app do banco": an Open Finance payment beside the order's PIX, through a provider's capability (docs/payments.md#open-finance). */
import {
  OPEN_FINANCE_RETURN_PATH,
  openFinanceCallbackPath,
  OpenFinanceError,
  type OpenFinanceCapability,
  type OpenFinanceParticipant,
} from '../gateway/open-finance.ts';
import { bankListing, openFinanceProviders, providerPage, type OpenFinanceProvider } from '../gateway/open-finance-providers.ts';
import type { WebhookRequest } from '../gateway/pix-provider.ts';
import { PROVIDER_IDS, type ProviderId } from '../gateway/provider-registry.ts';
import { chargeItemsOf } from '../orders/order-items.ts';
import { findOrderById } from '../orders/order-lookup.ts';
import type { OrdersDeps, ReadPass, ReadTally } from '../orders/orders-deps.ts';
import type { OrderRow } from '../orders/orders-repository.ts';
import { bankRailsOn, isBankRailFailure, railOf } from './open-finance-rails.ts';
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
  oldestWaitingAtBanks,
  participantUse,
  setOpenFinanceState,
  waitingAmong,
} from './open-finance-repository.ts';

const BANKS_TTL_MS = 60 * 60_000;
const banksCache = new WeakMap<OpenFinanceCapability, Map<string, { at: number; list: OpenFinanceParticipant[] }>>();

/** The provider whose banks the checkout lists (its Open Finance mode `banks` on); null otherwise. */
export function openFinanceBanks(deps: OrdersDeps): OpenFinanceProvider | null {
  return bankListing(deps.payments);
}

/** The provider whose own page picks the bank (its mode `provider` on); null otherwise. */
export function openFinancePage(deps: OrdersDeps): OpenFinanceProvider | null {
  return providerPage(deps.payments);
}

const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

async function participants(deps: OrdersDeps, banks: OpenFinanceProvider, modality?: 'biometria'): Promise<OpenFinanceParticipant[]> {
  const now = deps.now?.() ?? Date.now();
  const capability = banks.openFinance;
  const lists = banksCache.get(capability) ?? new Map<string, { at: number; list: OpenFinanceParticipant[] }>();
  banksCache.set(capability, lists);
  let cached = lists.get(modality ?? '');
  if (!cached || now - cached.at > BANKS_TTL_MS) {
    cached = { at: now, list: (await capability.participants?.(modality ? { modality } : {})) ?? [] };
    lists.set(modality ?? '', cached);
  }
  return cached.list;
}

/** Whether the provider lists the bank for Pix por biometria (JSR); false when the list cannot be read now. */
export async function offersBiometrics(deps: OrdersDeps, banks: OpenFinanceProvider, participantId: string): Promise<boolean> {
  try {
    return (await participants(deps, banks, 'biometria')).some((bank) => bank.id === participantId);
  } catch (error) {
    if (!(error instanceof OpenFinanceError)) throw error;
    return false;
  }
}

/** Whether the provider lists the bank: an id it does not list never reaches it with the buyer's CPF. */
export async function isListedBank(deps: OrdersDeps, banks: OpenFinanceProvider, participantId: string): Promise<boolean> {
  return (await participants(deps, banks)).some((bank) => bank.id === participantId);
}

export async function bankNameOf(deps: OrdersDeps, banks: OpenFinanceProvider, participantId: string): Promise<string | null> {
  try {
    return (await participants(deps, banks)).find((bank) => bank.id === participantId)?.name ?? null;
  } catch (error) {
    if (!(error instanceof OpenFinanceError)) throw error;
    return null;
  }
}

/** The provider's participants, the banks this shop's buyers chose most first, then by name. */
export async function listBanks(deps: OrdersDeps, banks: OpenFinanceProvider, query: string): Promise<OpenFinanceParticipant[]> {
  const list = await participants(deps, banks);
  const uses = await participantUse(deps.db);
  const wanted = folded(query.trim());
  return list
    .filter((bank) => wanted === '' || folded(bank.name).includes(wanted))
    .sort((a, b) => (uses.get(b.id) ?? 0) - (uses.get(a.id) ?? 0) || a.name.localeCompare(b.name, 'pt-BR'));
}

type StartResult = { kind: 'started'; redirectUri: string } | { kind: 'not_payable' } | { kind: 'no_cpf' } | { kind: 'failed' };

/**
 * One payment per order and bank while it is pending: a repeat gets the same `redirectUri`. `participantId`: the bank
 * the buyer picked where `via` lists them; null where its page picks it (the payment then keeps the provider's id).
 */
export async function startBankPayment(
  deps: OrdersDeps,
  via: OpenFinanceProvider,
  order: OrderRow,
  participantId: string | null,
): Promise<StartResult> {
  if (order.status !== 'pending') return { kind: 'not_payable' };
  const digits = order.buyer_document?.replace(/\D/g, '') ?? '';
  // The provider's page takes a CPF only; the bank list's payment checks the document itself.
  if (!order.buyer_document || (participantId === null && digits.length !== 11)) return { kind: 'no_cpf' };
  const participant = participantId ?? via.id;
  const next = await pendingOrNextAttempt(deps, (attempt) => attemptKey(order.id, participant, attempt));
  if ('redirectUri' in next) return { kind: 'started', ...next };
  const { idempotencyKey } = next;
  const publicUrl = deps.publicUrl();
  try {
    const started = await via.openFinance.startPayment({
      orderId: order.id,
      amountCents: order.amount_cents,
      cpf: order.buyer_document,
      participantId,
      email: order.buyer_email,
      name: order.buyer_name,
      description: participantId === null ? (await chargeItemsOf(deps.db, order.id)).map((item) => item.title).join(' + ') : '',
      idempotencyKey,
      returnUrl: `${publicUrl}${OPEN_FINANCE_RETURN_PATH}`,
      callbackUrl: `${publicUrl}${openFinanceCallbackPath(via.id)}`,
    });
    await keepStartedPayment(deps, started, { order, participantId: participant, idempotencyKey, jsr: false });
    return { kind: 'started', redirectUri: started.redirectUri };
  } catch (error) {
    if (!isBankRailFailure(error)) throw error;
    deps.logger.warn('Open Finance payment not started', { order: order.id, provider: via.id, error: error.message });
    return { kind: 'failed' };
  }
}

/** The address of the order's payment still waiting at this bank (or the provider's page, by its id), if there is one. */
export async function heldBankPayment(deps: OrdersDeps, order: OrderRow, participantId: string): Promise<string | null> {
  if (order.status !== 'pending') return null;
  const next = await pendingOrNextAttempt(deps, (attempt) => attemptKey(order.id, participantId, attempt));
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

export type ConfirmBankPaid = (deps: OrdersDeps, order: OrderRow, now: number, paymentId: string) => Promise<boolean>;

/**
 * Paid, `confirm` (payment/'s) confirms the order like a PIX, cancels its PIX and says whether the PIX was paid too: then
 * this payment goes back at once. `reads` (the lost-payment pass) hears each read of its provider and skips one that waits.
 */
export async function settleBankPayment(
  deps: OrdersDeps,
  paymentId: string,
  confirm: ConfirmBankPaid,
  reads?: BankReads,
): Promise<OrderRow | undefined> {
  const row = await findOpenFinancePayment(deps.db, paymentId);
  if (!row) return undefined;
  const order = await findOrderById(deps.db, row.order_id);
  const rail = railOf(deps, row);
  if (!order || !rail) return order;
  const { provider } = rail;
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
  if (await confirm(deps, order, now, paymentId)) await returnBankPayment(deps, rail, row.payment_id, row.amount_cents, order.id);
  return (await findOrderById(deps.db, order.id)) ?? order;
}

/** "Já paguei" and the order's polling: each waiting bank payment read back as its PIX is, at most once per `intervalMs`. */
export async function settleOrderBankPayments(
  deps: OrdersDeps,
  orderId: string,
  now: number,
  intervalMs: number,
  confirm: ConfirmBankPaid,
): Promise<number> {
  if (!bankRailsOn(deps)) return 0;
  let read = 0;
  for (const paymentId of await listOrderUnsettledOpenFinance(deps.db, orderId)) {
    // Its own claim, not the order's: a PIX read a moment before (the reconciler's, a webhook's) holds back no bank read.
    if (!(await claimOpenFinanceRead(deps.db, paymentId, now, intervalMs))) continue;
    await settleBankPayment(deps, paymentId, confirm);
    read++;
  }
  return read;
}

/** How long after its start a waiting payment is left to its callback and way back before a pass looks for it. */
const SETTLE_AFTER_MS = 60_000;
/** Waiting payments one pass reads one by one, in turn. */
const READS_PER_PASS = 20;
/** Pages (100 payments each) of the bank-listing provider's accepted list one pass reads per list (immediate, JSR). */
const LIST_PAGES_PER_PASS = 5;
/** The most a pass asks of the bank-listing provider (Efí): docs/payments.md#open-finance has the arithmetic against its limits. */
export const LISTING_READS_PER_PASS = 2 * LIST_PAGES_PER_PASS + READS_PER_PASS;

/** One lost-payment pass's reads, per provider: summed into its health, and a provider that asked to wait is left alone. */
export interface BankReads {
  tallyOf(provider: ProviderId): ReadTally;
  paused(provider: ProviderId): boolean;
}

const NO_TALLY: ReadTally = { answered: () => undefined, failed: () => undefined };

async function bankReads(deps: OrdersDeps, now: number) {
  const passes = new Map<ProviderId, ReadPass>();
  const pausedBefore = new Set<ProviderId>();
  for (const { id: provider } of openFinanceProviders(deps.payments)) {
    if ((await deps.backgroundReads?.pausedUntil(provider, now)) != null) pausedBefore.add(provider);
  }
  const passOf = (provider: ProviderId) => {
    let pass = passes.get(provider);
    if (!pass && deps.backgroundReads) passes.set(provider, (pass = deps.backgroundReads.pass(provider, 'bank_payments')));
    return pass;
  };
  const reads: BankReads = {
    tallyOf: (provider) => passOf(provider)?.tally ?? NO_TALLY,
    // The provider said to slow down, before this pass or during it: asked nothing more until the pause ends.
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
 * Lost callbacks: the bank-listing provider's list of accepted payments (Efí's), newest days first, finds a paid one among
 * any number waiting; then 20 read in turn learn each one's end (an abandoned link leaves when its provider reads it expired).
 */
export async function settleLostBankPayments(deps: OrdersDeps, confirm: ConfirmBankPaid, over: () => boolean): Promise<number> {
  if (!bankRailsOn(deps)) return 0;
  const now = deps.now?.() ?? Date.now();
  const before = now - SETTLE_AFTER_MS;
  let read = 0;
  const pass = await bankReads(deps, now);
  const { reads } = pass;
  const stop = () => over() || openFinanceProviders(deps.payments).every((provider) => reads.paused(provider.id));
  const banks = openFinanceBanks(deps);
  const listAccepted = banks?.openFinance.listAccepted;
  if (banks && listAccepted) {
    for (const jsr of [false, true]) {
      // A payment at a provider's own page keeps that provider's id as its participant: not in this list.
      const oldest = await oldestWaitingAtBanks(deps.db, jsr, PROVIDER_IDS);
      if (oldest === null || stop() || reads.paused(banks.id)) continue;
      let accepted: string[];
      try {
        accepted = await listAccepted(oldest, jsr, LIST_PAGES_PER_PASS);
        reads.tallyOf(banks.id).answered();
      } catch (error) {
        if (!(error instanceof OpenFinanceError)) throw error;
        reads.tallyOf(banks.id).failed(error);
        deps.logger.warn('Open Finance accepted payments not listed', { error: error.message });
        continue;
      }
      for (const paymentId of await waitingAmong(deps.db, accepted, before)) {
        if (stop()) break;
        await settleBankPayment(deps, paymentId, confirm, reads);
        read++;
      }
    }
  }
  if (!stop()) {
    const ids = await listUnsettledOpenFinance(deps.db, { before, limit: READS_PER_PASS });
    await markOpenFinanceChecked(deps.db, ids, now);
    for (const paymentId of ids) {
      if (stop()) break;
      await settleBankPayment(deps, paymentId, confirm, reads);
      read++;
    }
  }
  await pass.record();
  return read;
}

/** The payment the buyer comes back with, as the first provider that names one reads the query. */
function returnOf(deps: OrdersDeps, url: URL): { paymentId: string | null; error: boolean } {
  for (const { openFinance } of openFinanceProviders(deps.payments)) {
    const back = openFinance.readReturn(url);
    if (back.paymentId) return { paymentId: back.paymentId, error: back.error };
  }
  return { paymentId: null, error: false };
}

/** The buyer back from their bank: the payment read back, and the order to show. */
export async function bankReturn(
  deps: OrdersDeps,
  url: URL,
  confirm: ConfirmBankPaid,
): Promise<{ order: OrderRow; outcome: 'paid' | 'refused' | 'pending' } | undefined> {
  const back = returnOf(deps, url);
  if (!back.paymentId) return undefined;
  const order = await settleBankPayment(deps, back.paymentId, confirm);
  if (!order) return undefined;
  const row = await findOpenFinancePayment(deps.db, back.paymentId);
  if (row?.state === 'paid') return { order, outcome: 'paid' };
  // This payment's own word first: one refused at the bank is told as refused, even on an order the PIX code paid.
  if (back.error || (row && row.state !== 'pending' && row.state !== 'unknown')) return { order, outcome: 'refused' };
  // `paid` here: the callback, read at the same moment, is confirming the order (or the PIX code paid it).
  return { order, outcome: order.status === 'paid' ? 'paid' : 'pending' };
}

/** The provider whose callbacks arrive at this path (openFinanceCallbackPath), its mode on; null otherwise. */
export function callbackProvider(deps: OrdersDeps, path: string): OpenFinanceProvider | null {
  return openFinanceProviders(deps.payments).find((provider) => openFinanceCallbackPath(provider.id) === path) ?? null;
}

/** A provider's callback names a payment: null when it is not ours to read; throws WebhookRejectedError when unverified. */
export async function bankCallback(deps: OrdersDeps, from: OpenFinanceProvider, request: WebhookRequest): Promise<string | null> {
  const paymentId = await from.openFinance.readCallback(request);
  return paymentId && (await findOpenFinancePayment(deps.db, paymentId)) ? paymentId : null;
}
