/** JSR, "Pix por biometria": the buyer's vínculo and the add-on paid under it (docs/payments.md#jsr-the-add-on-in-one-tap). */
import type { Kysely, Selectable } from 'kysely';
import { normalizeEmail } from '../../shared/text.ts';
import { OpenFinanceError, type OpenFinanceLinks } from '../gateway/open-finance.ts';
import type { OpenFinanceProvider } from '../gateway/open-finance-providers.ts';
import type { Database, OpenFinanceLinksTable } from '../db/schema.ts';
import { findOrderById } from '../orders/order-lookup.ts';
import type { ChargeBudget, OrdersDeps } from '../orders/orders-deps.ts';
import type { OrderRow } from '../orders/orders-repository.ts';
import { findPaidOpenFinance } from './open-finance-repository.ts';
import { bankNameOf, keepStartedPayment, offersBiometrics, openFinanceBanks, pendingOrNextAttempt } from './open-finance-service.ts';

type LinkRow = Selectable<OpenFinanceLinksTable>;

/** The provider that keeps vínculos (JSR): the one listing the banks, where its capability has them. */
export interface LinkRail {
  banks: OpenFinanceProvider;
  links: OpenFinanceLinks;
}

export function linkRail(deps: OrdersDeps): LinkRail | null {
  const banks = openFinanceBanks(deps);
  return banks?.openFinance.links ? { banks, links: banks.openFinance.links } : null;
}

export type BankLinkView = 'can_save' | 'linked' | 'unconfirmed' | null;

function activeLinkOf(db: Kysely<Database>, email: string, states: LinkRow['state'][] = ['active']): Promise<LinkRow | undefined> {
  return db
    .selectFrom('open_finance_links')
    .selectAll()
    .where('buyer_email', '=', normalizeEmail(email))
    .where('state', 'in', states)
    .orderBy('active_at', 'desc')
    .executeTakeFirst();
}

function paidInBankApp(deps: OrdersDeps, order: OrderRow) {
  return findPaidOpenFinance(deps.db, order.id);
}

/**
 * `linked` only while the provider lists the vínculo as usable; one ended at the bank is kept as such here and offered
 * again; one the provider could not be asked about right now is `unconfirmed`, never said to be linked.
 */
export async function bankLinkView(deps: OrdersDeps, order: OrderRow): Promise<BankLinkView> {
  const jsr = linkRail(deps);
  if (!jsr || order.status !== 'paid' || order.access_revoked_at !== null) return null;
  const link = await activeLinkOf(deps.db, order.buyer_email);
  const state = link ? await linkStateAtBank(deps, jsr, link) : null;
  if (state === 'active') return 'linked';
  if (state === 'unconfirmed') return 'unconfirmed';
  if (!order.buyer_document) return null;
  const paid = await paidInBankApp(deps, order);
  return paid && (await offersBiometrics(deps, jsr.banks, paid.participant_id)) ? 'can_save' : null;
}

type SaveResult = { kind: 'started'; redirectUri: string } | { kind: 'not_offered' } | { kind: 'failed' } | { kind: 'too_many_attempts' };

/**
 * "Salvar para pagar com biometria": a vínculo at the bank the order was paid with, for the order's CPF. The one still
 * waiting at the bank is handed back for nothing; only a new one at Efí spends `budget`.
 */
export async function startSavingLink(deps: OrdersDeps, jsr: LinkRail, order: OrderRow, budget: ChargeBudget): Promise<SaveResult> {
  if ((await bankLinkView(deps, order)) !== 'can_save' || !order.buyer_document) return { kind: 'not_offered' };
  const paid = await paidInBankApp(deps, order);
  if (!paid) return { kind: 'not_offered' };
  let attempt = 1;
  for (; ; attempt++) {
    const held = await deps.db
      .selectFrom('open_finance_links')
      .selectAll()
      .where('idempotency_key', '=', `link:${order.id}:${attempt}`)
      .executeTakeFirst();
    if (!held) break;
    if (held.state === 'pending') return { kind: 'started', redirectUri: held.redirect_uri };
  }
  if (!(await budget())) return { kind: 'too_many_attempts' };
  const idempotencyKey = `link:${order.id}:${attempt}`;
  try {
    const started = await jsr.links.create({ cpf: order.buyer_document, participantId: paid.participant_id, idempotencyKey });
    await deps.db
      .insertInto('open_finance_links')
      .values({
        link_id: started.linkId,
        buyer_email: normalizeEmail(order.buyer_email),
        order_id: order.id,
        participant_id: paid.participant_id,
        idempotency_key: idempotencyKey,
        redirect_uri: started.redirectUri,
        state: 'pending',
        created_at: deps.now?.() ?? Date.now(),
        active_at: null,
        bank_name: await bankNameOf(deps, jsr.banks, paid.participant_id),
      })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    return { kind: 'started', redirectUri: started.redirectUri };
  } catch (error) {
    if (!(error instanceof OpenFinanceError)) throw error;
    deps.logger.warn('JSR vínculo not started', { order: order.id, error: error.message });
    return { kind: 'failed' };
  }
}

/** Back from the bank: the vínculo is active only once the provider lists it for the order's CPF; undefined when not ours. */
export async function linkReturn(deps: OrdersDeps, jsr: LinkRail, url: URL): Promise<{ order: OrderRow; saved: boolean } | undefined> {
  const back = jsr.banks.openFinance.readReturn(url);
  if (!back.linkId) return undefined;
  const row = await deps.db.selectFrom('open_finance_links').selectAll().where('link_id', '=', back.linkId).executeTakeFirst();
  const order = row ? await findOrderById(deps.db, row.order_id) : undefined;
  if (!row || !order) return undefined;
  if (row.state === 'active') return { order, saved: true };
  if (back.error || !order.buyer_document) {
    await deps.db.updateTable('open_finance_links').set({ state: 'refused' }).where('link_id', '=', row.link_id).execute();
    return { order, saved: false };
  }
  let listed;
  try {
    listed = (await jsr.links.list(order.buyer_document)).find((link) => link.linkId === row.link_id);
  } catch (error) {
    if (!(error instanceof OpenFinanceError)) throw error;
    deps.logger.warn('JSR vínculo not read back', { order: order.id, error: error.message });
    return { order, saved: false };
  }
  if (listed) {
    // The bank's name as the vínculo lists it, when Efí's bank list could not name it as the vínculo was made.
    await deps.db
      .updateTable('open_finance_links')
      .set({
        state: 'active',
        active_at: deps.now?.() ?? Date.now(),
        bank_name: row.bank_name ?? listed.participant?.name ?? null,
        expires_at: listed.expiresAt,
      })
      .where('link_id', '=', row.link_id)
      .execute();
  }
  return { order, saved: Boolean(listed) };
}

type LinkEnd = 'revoked' | 'expired';
/** A vínculo as the bank has it: usable, still to be approved there, ended there, or not known right now. */
export type LinkState = 'active' | 'pending' | LinkEnd | 'unconfirmed';
type OneTapResult<Accepted> =
  | Accepted
  | { kind: 'unavailable' | 'too_many_attempts' | 'not_linked' }
  | { kind: 'link_ended'; reason: LinkEnd | 'unconfirmed' }
  | { kind: 'bank'; redirectUri: string };
type CreatedAddon = { kind: 'created'; order: { orderId: string } };
const isCreated = <Accepted extends { kind: string }>(accepted: Accepted): accepted is Accepted & CreatedAddon =>
  accepted.kind === 'created';

/**
 * The vínculo read at Efí (`GET /pagamentos-biometria/vinculos?cpf=`), whose list holds "vínculos que podem ser
 * utilizados para operações futuras" (sdk-node-apis-efi `ofListBiometricEnrollment` JSDoc, commit 2728b67): listed, it is
 * active until its `expiresAt`; no longer listed, it expired if that date (as last listed) has passed, else it was
 * revoked at the bank. Efí not answering is `unconfirmed`: nothing is concluded from a silence.
 */
async function stateAtBank(deps: OrdersDeps, jsr: LinkRail, link: LinkRow, cpf: string): Promise<LinkState> {
  let listed;
  try {
    listed = (await jsr.links.list(cpf)).find((entry) => entry.linkId === link.link_id);
  } catch (error) {
    if (!(error instanceof OpenFinanceError)) throw error;
    deps.logger.warn('JSR vínculo not read at Efí; shown as not confirmed', { order: link.order_id, error: error.message });
    return 'unconfirmed';
  }
  const now = deps.now?.() ?? Date.now();
  const lastExpiry = link.expires_at === null ? null : Number(link.expires_at);
  if (!listed) return lastExpiry !== null && lastExpiry <= now ? 'expired' : 'revoked';
  if (listed.expiresAt !== null && listed.expiresAt !== lastExpiry) {
    await deps.db.updateTable('open_finance_links').set({ expires_at: listed.expiresAt }).where('link_id', '=', link.link_id).execute();
  }
  const said = listed.state === null ? 'active' : listed.state === 'unknown' ? 'unconfirmed' : listed.state;
  if (said === 'active' && listed.expiresAt !== null && listed.expiresAt <= now) return 'expired';
  return said;
}

async function endLink(deps: OrdersDeps, link: LinkRow, reason: LinkEnd): Promise<void> {
  await deps.db.updateTable('open_finance_links').set({ state: reason }).where('link_id', '=', link.link_id).execute();
  deps.logger.warn('JSR vínculo ended at the bank', { order: link.order_id, reason });
}

/** An active vínculo read at Efí for the CPF it was made with; one ended there is kept as ended here. */
async function linkStateAtBank(deps: OrdersDeps, jsr: LinkRail, link: LinkRow): Promise<LinkState> {
  const cpf = (await findOrderById(deps.db, link.order_id))?.buyer_document;
  if (!cpf) return 'unconfirmed';
  const state = await stateAtBank(deps, jsr, link, cpf);
  if (state === 'revoked' || state === 'expired') await endLink(deps, link, state);
  return state;
}

/**
 * "Quero adicionar" with a vínculo: the add-on order as without one (`accept`, checkout/'s), then its JSR payment; it
 * settles like any other. `budget` is spent once, and only by something new: a new add-on order or a new payment at the
 * bank. The add-on order still on and its payment waiting at the bank are handed back for nothing.
 */
export async function payAddonByLink<Accepted extends { kind: string }>(
  deps: OrdersDeps,
  jsr: LinkRail,
  parent: OrderRow,
  accept: (budget: ChargeBudget) => Promise<Accepted>,
  budget: ChargeBudget,
): Promise<OneTapResult<Accepted>> {
  const link = await activeLinkOf(deps.db, parent.buyer_email);
  if (!link) return { kind: 'not_linked' };
  const state = await linkStateAtBank(deps, jsr, link);
  if (state === 'revoked' || state === 'expired') return { kind: 'link_ended', reason: state };
  // Not confirmed usable at Efí (or not yet approved there): the add-on is paid by its PIX, and the buyer told why.
  if (state !== 'active') return { kind: 'link_ended', reason: 'unconfirmed' };
  let spent = false;
  const spendOnce: ChargeBudget = async () => (spent ||= await budget());
  const accepted = await accept(spendOnce);
  if (!isCreated(accepted)) return accepted;
  const addon = await findOrderById(deps.db, accepted.order.orderId);
  if (addon?.status === 'paid' || addon?.status === 'reversed') return { kind: 'unavailable' };
  if (addon?.status !== 'pending') return accepted;
  const next = await pendingOrNextAttempt(deps, (attempt) => `jsr:${addon.id}:${attempt}`);
  if ('redirectUri' in next) return { kind: 'bank', ...next };
  if (!(await spendOnce())) return { kind: 'too_many_attempts' };
  const { idempotencyKey } = next;
  try {
    const started = await jsr.links.startPayment({
      linkId: link.link_id,
      orderId: addon.id,
      amountCents: addon.amount_cents,
      idempotencyKey,
    });
    await keepStartedPayment(deps, started, { order: addon, participantId: link.participant_id, idempotencyKey, jsr: true });
    return { kind: 'bank', redirectUri: started.redirectUri };
  } catch (error) {
    if (!(error instanceof OpenFinanceError)) throw error;
    if (error.linkGone) {
      await endLink(deps, link, 'revoked');
      return { kind: 'link_ended', reason: 'revoked' };
    }
    deps.logger.warn('JSR payment not started; the add-on keeps its PIX', { order: addon.id, error: error.message });
    return accepted;
  }
}

/** Revoked at Efí, then deleted here; a vínculo Efí no longer holds (`vinculo_invalido`) counts as revoked. */
async function revokeAndDelete(deps: OrdersDeps, rows: LinkRow[], reason: string): Promise<boolean> {
  const jsr = linkRail(deps);
  let all = true;
  for (const row of rows) {
    if (row.state === 'active' && jsr) {
      try {
        await jsr.links.revoke(row.link_id, reason);
      } catch (error) {
        if (!(error instanceof OpenFinanceError)) throw error;
        if (!error.linkGone) {
          deps.logger.warn('JSR vínculo not revoked at Efí', { order: row.order_id, error: error.message });
          all = false;
          continue;
        }
      }
    }
    await deps.db.deleteFrom('open_finance_links').where('link_id', '=', row.link_id).execute();
  }
  return all;
}

const REMOVED_BY_BUYER = 'Removido pelo comprador';

/** The member page's "Remover": every vínculo of the buyer; false when Efí could not be told (kept, try again). */
export async function removeBuyerLinks(deps: OrdersDeps, email: string): Promise<boolean> {
  const rows = await deps.db.selectFrom('open_finance_links').selectAll().where('buyer_email', '=', normalizeEmail(email)).execute();
  return revokeAndDelete(deps, rows, REMOVED_BY_BUYER);
}

/** The erasure's part: revoked at Efí where it can be, and every id deleted whatever Efí answered. */
export async function eraseBuyerLinks(deps: OrdersDeps | undefined, db: Kysely<Database>, email: string): Promise<void> {
  const rows = await db.selectFrom('open_finance_links').selectAll().where('buyer_email', '=', normalizeEmail(email)).execute();
  if (deps) await revokeAndDelete(deps, rows, 'Dados do comprador apagados');
  await db.deleteFrom('open_finance_links').where('buyer_email', '=', normalizeEmail(email)).execute();
}

/** For the buyer's copy of their data: each vínculo's bank and dates (its id at Efí is no use to them). */
export async function listBuyerLinks(
  db: Kysely<Database>,
  email: string,
): Promise<Array<Pick<LinkRow, 'bank_name' | 'state' | 'created_at' | 'active_at'>>> {
  return db
    .selectFrom('open_finance_links')
    .select(['bank_name', 'state', 'created_at', 'active_at'])
    .where('buyer_email', '=', normalizeEmail(email))
    .orderBy('created_at')
    .execute();
}

/** The console's line: the buyer's vínculo as last read at Efí (a refused one is none). */
export async function recordedBuyerLink(
  db: Kysely<Database>,
  email: string,
): Promise<{ bank: string | null; state: 'active' | 'pending' | 'revoked' | 'expired' } | null> {
  const row = await db
    .selectFrom('open_finance_links')
    .select(['bank_name', 'state'])
    .where('buyer_email', '=', normalizeEmail(email))
    .where('state', '!=', 'refused')
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return row && row.state !== 'refused' ? { bank: row.bank_name, state: row.state } : null;
}

/** The member page's vínculo, read at Efí when it is still active here: shown as the bank has it. */
export async function buyerLinkBank(deps: OrdersDeps, email: string): Promise<{ participantId: string; state: LinkState } | null> {
  // One still to approve at the bank only when none was ever approved.
  const link = (await activeLinkOf(deps.db, email, ['active', 'revoked', 'expired'])) ?? (await activeLinkOf(deps.db, email, ['pending']));
  if (!link) return null;
  if (link.state !== 'active') return { participantId: link.participant_id, state: link.state as LinkState };
  const jsr = linkRail(deps);
  return { participantId: link.participant_id, state: jsr ? await linkStateAtBank(deps, jsr, link) : 'unconfirmed' };
}
