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
/** Approve (`active`), pause or refuse/remove, with the reason the seller gives. */
export const AdminAffiliateStateSchema = z.object({
  state: z.enum(['active', 'paused', 'removed']),
  reason: text(z.string().trim().max(300), { written: 'lines' }).optional(),
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
  createdAt: number;
}

export interface AdminAffiliateList {
  defaults: CommissionRates;
  affiliates: AdminAffiliate[];
}
