/** JSR, "Pix por biometria": the buyer's vínculo and the add-on paid under it (docs/payments.md#jsr-the-add-on-in-one-tap). */
import type { Kysely } from 'kysely';
import { normalizeEmail } from '../../shared/text.ts';
import {
  createOpenFinanceLink,
  listOpenFinanceLinks,
  OpenFinanceError,
  revokeOpenFinanceLink,
  startOpenFinanceLinkedPayment,
  type OpenFinanceApi,
} from '../gateway/providers/efi/open-finance-client.ts';
import { readOpenFinanceReturn } from '../gateway/providers/efi/open-finance-webhook.ts';
import type { Database, OpenFinanceLinksTable } from '../db/schema.ts';
import { acceptAddonOffer, type AddonResult, type ChargeBudget } from './addon-offer.ts';
import { findOrderById } from './order-lookup.ts';
import type { OrdersDeps } from './orders-deps.ts';
import type { OrderRow } from './orders-repository.ts';
import { findPaidOpenFinance } from './open-finance-repository.ts';
import { bankNameOf, keepStartedPayment, offersBiometrics, openFinanceApi, pendingOrNextAttempt } from './open-finance-service.ts';

type LinkRow = OpenFinanceLinksTable;

export type BankLinkView = 'can_save' | 'linked' | null;

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

/** `linked` only while Efí still lists the vínculo as active: one revoked or expired at the bank is kept as such here. */
export async function bankLinkView(deps: OrdersDeps, order: OrderRow): Promise<BankLinkView> {
  const api = openFinanceApi(deps);
  if (!api || order.status !== 'paid' || order.access_revoked_at !== null) return null;
  const link = await activeLinkOf(deps.db, order.buyer_email);
  if (link && !(await endedAtBank(deps, api, link))) return 'linked';
  if (!order.buyer_document) return null;
  const paid = await paidInBankApp(deps, order);
  return paid && (await offersBiometrics(deps, api, paid.participant_id)) ? 'can_save' : null;
}

type SaveResult = { kind: 'started'; redirectUri: string } | { kind: 'not_offered' } | { kind: 'failed' } | { kind: 'too_many_attempts' };

/**
 * "Salvar para pagar com biometria": a vínculo at the bank the order was paid with, for the order's CPF. The one still
 * waiting at the bank is handed back for nothing; only a new one at Efí spends `budget`.
 */
export async function startSavingLink(deps: OrdersDeps, api: OpenFinanceApi, order: OrderRow, budget: ChargeBudget): Promise<SaveResult> {
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
    const started = await createOpenFinanceLink(api, { cpf: order.buyer_document, participantId: paid.participant_id, idempotencyKey });
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
        bank_name: await bankNameOf(deps, api, paid.participant_id),
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

/** Back from the bank: the vínculo is active only once Efí lists it for the order's CPF; undefined when not ours. */
export async function linkReturn(
  deps: OrdersDeps,
  api: OpenFinanceApi,
  url: URL,
): Promise<{ order: OrderRow; saved: boolean } | undefined> {
  const back = readOpenFinanceReturn(url);
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
    listed = (await listOpenFinanceLinks(api, order.buyer_document)).find((link) => link.linkId === row.link_id);
  } catch (error) {
    if (!(error instanceof OpenFinanceError)) throw error;
    deps.logger.warn('JSR vínculo not read back', { order: order.id, error: error.message });
    return { order, saved: false };
  }
  if (listed) {
    // The bank's name as the vínculo lists it, when Efí's bank list could not name it as the vínculo was made.
    await deps.db
      .updateTable('open_finance_links')
      .set({ state: 'active', active_at: deps.now?.() ?? Date.now(), bank_name: row.bank_name ?? listed.participant?.name ?? null })
      .where('link_id', '=', row.link_id)
      .execute();
  }
  return { order, saved: Boolean(listed) };
}

type LinkEnd = 'revoked' | 'expired';
type OneTapResult = AddonResult | { kind: 'not_linked' } | { kind: 'link_ended'; reason: LinkEnd } | { kind: 'bank'; redirectUri: string };

/** Not listed for the CPF any more, or listed as ended: revoked at the bank; past `dataExpiracao`: expired. */
async function endAtBank(deps: OrdersDeps, api: OpenFinanceApi, link: LinkRow, cpf: string): Promise<LinkEnd | null> {
  let listed;
  try {
    listed = (await listOpenFinanceLinks(api, cpf)).find((entry) => entry.linkId === link.link_id);
  } catch (error) {
    if (!(error instanceof OpenFinanceError)) throw error;
    return null;
  }
  if (!listed || (listed.rawStatus !== null && listed.rawStatus !== 'aceito' && listed.rawStatus !== 'ativo')) return 'revoked';
  return listed.expiresAt !== null && listed.expiresAt <= (deps.now?.() ?? Date.now()) ? 'expired' : null;
}

async function endLink(deps: OrdersDeps, link: LinkRow, reason: LinkEnd): Promise<{ kind: 'link_ended'; reason: LinkEnd }> {
  await deps.db.updateTable('open_finance_links').set({ state: reason }).where('link_id', '=', link.link_id).execute();
  deps.logger.warn('JSR vínculo ended at the bank', { order: link.order_id, reason });
  return { kind: 'link_ended', reason };
}

/** An active vínculo read at Efí for the CPF it was made with; ended there, it is kept as ended here. Null: still active. */
async function endedAtBank(deps: OrdersDeps, api: OpenFinanceApi, link: LinkRow): Promise<LinkEnd | null> {
  const cpf = (await findOrderById(deps.db, link.order_id))?.buyer_document;
  const ended = cpf ? await endAtBank(deps, api, link, cpf) : null;
  if (ended) await endLink(deps, link, ended);
  return ended;
}

/**
 * "Quero adicionar" with a vínculo: the add-on order as without one, then its JSR payment; it settles like any other.
 * `budget` is spent once, and only by something new: a new add-on order or a new payment at the bank. The add-on
 * order still on and its payment waiting at the bank are handed back for nothing.
 */
export async function payAddonByLink(
  deps: OrdersDeps,
  api: OpenFinanceApi,
  parent: OrderRow,
  offerVersion: number | undefined,
  budget: ChargeBudget,
): Promise<OneTapResult> {
  const link = await activeLinkOf(deps.db, parent.buyer_email);
  if (!link) return { kind: 'not_linked' };
  const ended = await endedAtBank(deps, api, link);
  if (ended) return { kind: 'link_ended', reason: ended };
  let spent = false;
  const spendOnce: ChargeBudget = async () => (spent ||= await budget());
  const accepted = await acceptAddonOffer(deps, parent, offerVersion, spendOnce);
  if (accepted.kind !== 'created') return accepted;
  const addon = await findOrderById(deps.db, accepted.order.orderId);
  if (addon?.status === 'paid' || addon?.status === 'reversed') return { kind: 'unavailable' };
  if (addon?.status !== 'pending') return accepted;
  const next = await pendingOrNextAttempt(deps, (attempt) => `jsr:${addon.id}:${attempt}`);
  if ('redirectUri' in next) return { kind: 'bank', ...next };
  if (!(await spendOnce())) return { kind: 'too_many_attempts' };
  const { idempotencyKey } = next;
  try {
    const started = await startOpenFinanceLinkedPayment(api, {
      linkId: link.link_id,
      orderId: addon.id,
      amountCents: addon.amount_cents,
      idempotencyKey,
    });
    await keepStartedPayment(deps, started, { order: addon, participantId: link.participant_id, idempotencyKey, jsr: true });
    return { kind: 'bank', redirectUri: started.redirectUri };
  } catch (error) {
    if (!(error instanceof OpenFinanceError)) throw error;
    if (error.nome === 'vinculo_invalido') return endLink(deps, link, 'revoked');
    deps.logger.warn('JSR payment not started; the add-on keeps its PIX', { order: addon.id, error: error.message });
    return accepted;
  }
}

/** Revoked at Efí, then deleted here; a vínculo Efí no longer holds (`vinculo_invalido`) counts as revoked. */
async function revokeAndDelete(deps: OrdersDeps, rows: LinkRow[], reason: string): Promise<boolean> {
  const api = openFinanceApi(deps);
  let all = true;
  for (const row of rows) {
    if (row.state === 'active' && api) {
      try {
        await revokeOpenFinanceLink(api, row.link_id, reason);
      } catch (error) {
        if (!(error instanceof OpenFinanceError)) throw error;
        if (error.nome !== 'vinculo_invalido') {
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

/** The member page's vínculo, read at Efí when it is still active here: one ended at the bank is shown as ended. */
export async function buyerLinkBank(deps: OrdersDeps, email: string): Promise<{ participantId: string; ended: LinkEnd | null } | null> {
  const link = await activeLinkOf(deps.db, email, ['active', 'revoked', 'expired']);
  if (!link) return null;
  if (link.state !== 'active') return { participantId: link.participant_id, ended: link.state as LinkEnd };
  const api = openFinanceApi(deps);
  return { participantId: link.participant_id, ended: api ? await endedAtBank(deps, api, link) : null };
}
