import { getPixKeyInfo } from '@brazilian-utils/brazilian-utils';
import { emailSchema } from './checkout.ts';
import { isValidCpfOrCnpj, normalizeDocument } from './documents.ts';
import { text, z } from './zod.ts';

export const AFFILIATE_STATES = ['pending', 'active', 'paused', 'removed'] as const;
export type AffiliateState = (typeof AFFILIATE_STATES)[number];

/** The add-on is the bump bought alone after payment, in its own PIX (docs/money.md). */
export const COMMISSION_ITEMS = ['main', 'bump', 'addon'] as const;
export type CommissionItem = (typeof COMMISSION_ITEMS)[number];
export type CommissionRates = Record<CommissionItem, number>;

export type CommissionState = 'pendente' | 'disponivel' | 'cancelada';
/** Why a commission earns nothing whatever the money does (docs/affiliates.md#fraud). */
export type CommissionFlag = 'self_purchase' | 'blocked_buyer';

export interface PixKey {
  type: 'cpf' | 'cnpj' | 'email' | 'phone' | 'evp';
  value: string;
}

/** The DICT's canonical form; a CPF or CNPJ key must carry valid check digits. */
export function parsePixKey(input: string): PixKey | null {
  return getPixKeyInfo(input.trim());
}

/** Percentages are basis points: 4000 is 40 %, so a rate never needs a float. */
export function commissionCents(keptCents: number, rateBasisPoints: number): number {
  return Math.floor((Math.max(0, keptCents) * rateBasisPoints) / 10_000);
}

export interface AffiliateFormMessages {
  nameRequired: string;
  emailInvalid: string;
  documentInvalid: string;
  pixKeyInvalid: string;
  promotesRequired: string;
  requestInvalid: string;
}

/** The request at /afiliados and the seller's invite fill the same form (docs/affiliates.md#joining). */
export function affiliateFormSchema(messages: AffiliateFormMessages) {
  return z.object(
    {
      name: text(z.string().trim().min(2, messages.nameRequired).max(120, messages.nameRequired), { message: messages.nameRequired }),
      email: emailSchema(messages.emailInvalid),
      document: text(
        z
          .string()
          .max(20, messages.documentInvalid)
          .refine((value) => isValidCpfOrCnpj(value), messages.documentInvalid)
          .transform(normalizeDocument),
        { message: messages.documentInvalid },
      ),
      pixKey: text(z.string().max(120, messages.pixKeyInvalid), { message: messages.pixKeyInvalid }).transform((value, ctx) => {
        const key = parsePixKey(value);
        if (key) return key;
        ctx.addIssue({ code: 'custom', message: messages.pixKeyInvalid });
        return z.NEVER;
      }),
      promotes: text(z.string().trim().min(3, messages.promotesRequired).max(500, messages.promotesRequired), {
        message: messages.promotesRequired,
        written: 'lines',
      }),
    },
    messages.requestInvalid,
  );
}

export type AffiliateForm = z.output<ReturnType<typeof affiliateFormSchema>>;

export interface AffiliateRequestMessages extends AffiliateFormMessages {
  termsRequired: string;
}

/** POST /api/affiliates/request: the form at /afiliados, with the terms shown there (their version) accepted. */
export function affiliateRequestSchema(messages: AffiliateRequestMessages) {
  const form = affiliateFormSchema(messages);
  return z.object(
    {
      ...form.shape,
      acceptTerms: z.literal(true, messages.termsRequired),
      termsVersion: text(z.string().max(40, messages.termsRequired), { message: messages.termsRequired }),
    },
    messages.requestInvalid,
  );
}

/** POST /api/affiliates/sign-in ("Receber link de acesso"): the same e-mail rule as the form. */
export function affiliateSignInSchema(message: string) {
  return z.object({ email: emailSchema(message) }, message);
}

/** POST /api/affiliates/pix-key: the new key, read as the form reads it, confirmed by e-mail before it applies. */
export function affiliatePixKeySchema(messages: AffiliateFormMessages) {
  return z.object({ pixKey: affiliateFormSchema(messages).shape.pixKey }, messages.requestInvalid);
}

/** POST /api/affiliates/terms: the invited affiliate accepts the terms their page shows. */
export function affiliateTermsSchema(message: string) {
  return z.object({ termsVersion: text(z.string().min(1, message).max(40, message), { message }) }, message);
}

/** One purchase the affiliate's code brought, as their page shows it: never the buyer's name or contact. */
export interface AffiliateSale {
  at: number;
  /** What the providers kept of it (after any refund). */
  saleCents: number;
  commissionCents: number;
  /** `paga` once everything the sale earns has been paid out. */
  state: CommissionState | 'paga';
}

/** GET /api/affiliates/me: the affiliate's own page (docs/affiliates.md#the-affiliates-page). */
export interface AffiliatePage {
  name: string;
  email: string;
  code: string;
  state: Extract<AffiliateState, 'active' | 'paused'>;
  sales: AffiliateSale[];
  pendingCents: number;
  availableCents: number;
  paidCents: number;
  debtCents: number;
  pixKey: PixKey;
  /** A key change waiting for its e-mailed confirmation. */
  pixKeyPending: boolean;
  payoutsHeldUntil: number | null;
  /** The seller's next payout day (YYYY-MM-DD, Brasília), and the least it sends (affiliates/payout-schedule.ts). */
  nextPayout: { date: string; minCents: number };
  terms: { version: string; acceptedAt: number } | null;
}

/** 401 from GET /api/affiliates/me: no session, or it ended. */
export interface AffiliatePageRefusal {
  error: string;
}

/** The seller's rates, set in the console; the cookie's window is configuration (AFFILIATE_COOKIE_DAYS), as the page needs it. */
export interface AffiliateSettings {
  rates: CommissionRates;
}

export const DEFAULT_AFFILIATE_SETTINGS: AffiliateSettings = { rates: { main: 4000, bump: 4000, addon: 4000 } };

const rate = z.number().int().min(0).max(10_000);

/** The seller's default rates, basis points per kind of item. */
export const AdminAffiliateDefaultsSchema = z.object({ main: rate, bump: rate, addon: rate });
/** An affiliate's own rates; null follows the default. */
export const AdminAffiliateRatesSchema = z.object({ main: rate.nullable(), bump: rate.nullable(), addon: rate.nullable() });
/** The longest reason for a refusal or a removal: it goes into the refused applicant's e-mail. */
export const AFFILIATE_REASON_MAX = 300;
/** Approve (`active`), pause or refuse/remove, with the reason the seller gives. */
export const AdminAffiliateStateSchema = z.object({
  state: z.enum(['active', 'paused', 'removed']),
  reason: text(z.string().trim().max(AFFILIATE_REASON_MAX), { written: 'lines' }).optional(),
});

export interface AdminAffiliate {
  id: string;
  name: string;
  email: string;
  code: string;
  state: AffiliateState;
  stateReason: string | null;
  promotes: string;
  pixKeyType: PixKey['type'];
  /** Its own rates; null where it follows the default. */
  rates: Record<CommissionItem, number | null>;
  /** Paid purchases its code brought, flagged ones included. */
  sales: number;
  flagged: number;
  pendingCents: number;
  availableCents: number;
  paidCents: number;
  debtCents: number;
  /** PIX generated by purchases its code brought (reads/affiliate-figures.ts). */
  charges: number;
  /** What the providers kept of those purchases, add-ons included. */
  revenueCents: number;
  /** paid ÷ PIX generated; null before the first PIX. */
  conversion: number | null;
  /** Sales with money given back ÷ sales; null before the first sale. */
  refundRate: number | null;
  /** Unpaid PIX in the last hour when they reach the burst threshold; null otherwise. */
  burstUnpaid: number | null;
  createdAt: number;
  /** A PIX key change holds payouts until then. */
  payoutsHeldUntil: number | null;
  terms: { version: string; acceptedAt: number } | null;
}

export interface AdminAffiliateList {
  defaults: CommissionRates;
  affiliates: AdminAffiliate[];
  /** The shop's revenue since the first sale, the commissions on it (every state but cancelled), and what is left to the seller. */
  totals: { revenueCents: number; commissionsCents: number; netCents: number };
}
