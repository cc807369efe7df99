import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  COMMISSION_ITEMS,
  DEFAULT_AFFILIATE_SETTINGS,
  type AffiliateForm,
  type AffiliateSettings,
  type AffiliateState,
  type CommissionItem,
  type CommissionRates,
} from '../../shared/affiliates.ts';
import type { Database } from '../db/schema.ts';
import { newId } from '../orders/ids.ts';
import {
  deleteSessionsOf,
  findAffiliate,
  findAffiliateByEmail,
  insertAffiliate,
  readSettings,
  updateAffiliate,
  writeSettings,
  type AffiliateRow,
} from './affiliates-repository.ts';

type Executor = Kysely<Database> | Transaction<Database>;

const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Short enough to read aloud in a video; 31^8 codes make guessing a live one hopeless. */
function newAffiliateCode(): string {
  return [...randomBytes(8)].map((byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join('');
}

export type RegisterResult = { ok: true; affiliate: AffiliateRow } | { ok: false; reason: 'email_taken' };

/** A request from /afiliados starts pending; the seller's invite starts active. */
export async function registerAffiliate(
  db: Kysely<Database>,
  form: AffiliateForm,
  state: Extract<AffiliateState, 'pending' | 'active'>,
  now: number,
  terms: { version: string; at: number } | null = null,
): Promise<RegisterResult> {
  if (await findAffiliateByEmail(db, form.email)) return { ok: false, reason: 'email_taken' };
  const affiliate: AffiliateRow = {
    id: newId('af'),
    code: newAffiliateCode(),
    name: form.name,
    email: form.email,
    document: form.document,
    pix_key_type: form.pixKey.type,
    pix_key: form.pixKey.value,
    promotes: form.promotes,
    state,
    state_reason: null,
    rate_main: null,
    rate_bump: null,
    rate_addon: null,
    created_at: now,
    updated_at: now,
    terms_version: terms?.version ?? null,
    terms_accepted_at: terms?.at ?? null,
    payouts_held_until: null,
  };
  await insertAffiliate(db, affiliate);
  return { ok: true, affiliate };
}

const MOVES: Record<AffiliateState, readonly AffiliateState[]> = {
  pending: ['active', 'removed'],
  active: ['paused', 'removed'],
  paused: ['active', 'removed'],
  removed: [],
};

export type MoveResult = { kind: 'moved'; from: AffiliateState } | { kind: 'not_found' } | { kind: 'not_allowed' };

/**
 * Refusing a request is removing it with a reason; a removed affiliate's code attributes nothing again, and their
 * page's sessions end. The caller queues the e-mail a decision on a request sends (routes/admin/affiliates.ts).
 */
export async function moveAffiliate(
  db: Kysely<Database>,
  id: string,
  to: AffiliateState,
  reason: string | null,
  now: number,
): Promise<MoveResult> {
  return db.transaction().execute(async (trx) => {
    const affiliate = await findAffiliate(trx, id);
    if (!affiliate) return { kind: 'not_found' } as const;
    if (!MOVES[affiliate.state].includes(to)) return { kind: 'not_allowed' } as const;
    // Conditional on the state read: of two parallel decisions only one moves it (and sends its e-mail).
    const moved = await trx
      .updateTable('affiliates')
      .set({ state: to, state_reason: reason, updated_at: now })
      .where('id', '=', id)
      .where('state', '=', affiliate.state)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0) return { kind: 'not_allowed' } as const;
    if (to === 'removed') await deleteSessionsOf(trx, id);
    return { kind: 'moved', from: affiliate.state } as const;
  });
}

/** A null rate follows the seller's default. */
export async function setAffiliateRates(
  db: Kysely<Database>,
  id: string,
  rates: Partial<Record<CommissionItem, number | null>>,
  now: number,
): Promise<boolean> {
  return updateAffiliate(db, id, {
    ...('main' in rates ? { rate_main: rates.main ?? null } : {}),
    ...('bump' in rates ? { rate_bump: rates.bump ?? null } : {}),
    ...('addon' in rates ? { rate_addon: rates.addon ?? null } : {}),
    updated_at: now,
  });
}

export async function affiliateSettings(db: Executor): Promise<AffiliateSettings> {
  const row = await readSettings(db);
  if (!row) return DEFAULT_AFFILIATE_SETTINGS;
  return { rates: { main: Number(row.rate_main), bump: Number(row.rate_bump), addon: Number(row.rate_addon) } };
}

export async function saveAffiliateSettings(db: Kysely<Database>, settings: AffiliateSettings, now: number): Promise<void> {
  const { rates } = settings;
  await writeSettings(db, { rate_main: rates.main, rate_bump: rates.bump, rate_addon: rates.addon, updated_at: now });
}

export function ratesOf(affiliate: AffiliateRow, defaults: CommissionRates): CommissionRates {
  const own = { main: affiliate.rate_main, bump: affiliate.rate_bump, addon: affiliate.rate_addon };
  return Object.fromEntries(
    COMMISSION_ITEMS.map((item) => [item, own[item] === null ? defaults[item] : Number(own[item])]),
  ) as CommissionRates;
}
