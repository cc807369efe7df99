import { text, z } from './zod.ts';
import { cleanAffiliateCode } from './affiliate-code.ts';
import { cleanAttribution } from './attribution.ts';
import { digitsOnly } from './digits.ts';
import { isValidCpfOrCnpj, normalizeDocument } from './documents.ts';
import { cleanTrackingContext } from './tracking-context.ts';

/** docs/product.md#the-buyer-form */
export interface CheckoutFormMessages {
  nameRequired: string;
  emailInvalid: string;
  phoneInvalid: string;
  documentInvalid: string;
  keyInvalid: string;
  bumpInvalid: string;
  requestInvalid: string;
}

export function isValidPhone(value: string): boolean {
  const digits = digitsOnly(value);
  return digits.length >= 10 && digits.length <= 11;
}

export function emailSchema(message?: string) {
  return text(z.string().trim().toLowerCase().max(254, message), { message }).pipe(z.email(message));
}

/** Whatever a request holds, the buyer reads Portuguese (tests/fuzz/parsers.test.ts). */
function checkoutFormShape(messages: CheckoutFormMessages) {
  return {
    name: text(z.string().trim().min(2, messages.nameRequired).max(120, messages.nameRequired), { message: messages.nameRequired }),
    email: emailSchema(messages.emailInvalid),
    phone: text(z.string().max(40, messages.phoneInvalid).refine(isValidPhone, messages.phoneInvalid).transform(digitsOnly), {
      message: messages.phoneInvalid,
    }),
    document: text(
      z
        .string()
        .max(20, messages.documentInvalid)
        .refine((value) => value.trim() === '' || isValidCpfOrCnpj(value), messages.documentInvalid)
        .transform(normalizeDocument),
      { message: messages.documentInvalid },
    ).optional(),
  };
}

export function checkoutFormSchema(messages: CheckoutFormMessages) {
  return z.object(checkoutFormShape(messages), messages.requestInvalid);
}

/** `attribution`, `affiliate` and `tracking` are cleaned, never refused: they must not stop a sale. */
export function createOrderSchema(messages: CheckoutFormMessages) {
  return z.object(
    {
      ...checkoutFormShape(messages),
      checkoutKey: text(z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, messages.keyInvalid), { message: messages.keyInvalid }),
      viewKey: text(z.string().regex(/^[A-Za-z0-9_-]{32,64}$/, messages.keyInvalid), { message: messages.keyInvalid }).optional(),
      attribution: z.unknown().optional().transform(cleanAttribution),
      affiliate: z.unknown().optional().transform(cleanAffiliateCode),
      tracking: z.unknown().optional().transform(cleanTrackingContext),
      /** Only "with" or "without": the server sets every price. */
      bump: z.boolean(messages.bumpInvalid).optional().default(false),
      whatsappConsent: z.boolean(messages.requestInvalid).optional().default(false),
      /** The page version the checkout showed: if prices changed, 409 with the new ones before any charge. */
      offerVersion: z.number(messages.requestInvalid).int(messages.requestInvalid).min(0).max(1_000_000_000).optional(),
      /** The A/B test's variant the page named (`data-experiment`); anything else is dropped, never refused. */
      experiment: z
        .unknown()
        .optional()
        .transform((value) => (typeof value === 'string' && /^[A-Za-z0-9_-]{1,40}\.[0-3]$/.test(value) ? value : undefined)),
    },
    messages.requestInvalid,
  );
}

export type CreateOrderInput = z.output<ReturnType<typeof createOrderSchema>>;

export function fieldErrors(error: {
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>;
}): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form');
    fields[key] ??= issue.message;
  }
  return fields;
}

export type OrderStatus = 'pending' | 'paid' | 'expired' | 'failed' | 'reversed';

export type OrderItemKey = 'main' | 'bump';

export interface OrderItem {
  key: OrderItemKey;
  title: string;
  priceCents: number;
}

export interface CreatedOrder {
  orderId: string;
  /** For trackers (GA4 transaction_id, Meta eventID) and the buyer; never the order id. */
  publicRef: string;
  amountCents: number;
  items: OrderItem[];
  pix: { code: string | null; qrSvg: string | null; image: string | null };
  expiresAt: number;
  /** So the page's countdown does not trust the phone's clock. */
  serverTime: number;
  sandboxPayUrl?: string;
  /** An uncancellable PIX kept: the bump is charged alone in its own. */
  addon?: CreatedOrder;
}

export interface OrderStatusReply {
  status: OrderStatus;
  accessUrl?: string;
  accessNote?: string;
  addonOffer?: AddonOffer;
  /** To the tab that bought: keep the bank it paid with for the add-on (`can_save`), or pay it under the vínculo (`linked`). */
  bankLink?: 'can_save' | 'linked' | 'unconfirmed';
  /**
   * To the tab that bought (or the e-mailed key's): the add-on accepted after payment whose PIX still waits, served from
   * the order so a reload, a new tab or the e-mail's link shows it (docs/offers.md#the-one-time-offer-after-payment).
   */
  addonOrder?: WaitingAddon;
  /** A retired code's order (`failed`): the public ref of the live order that replaced it, whose page shows its code. */
  replacedBy?: string;
  /**
   * Retired because an earlier PIX of the buyer turned out paid (`replacedBy` names that paid order): what this one
   * would have bought beyond it, still to pay (docs/money.md#one-payable-pix). Empty when nothing is left.
   */
  leftToPay?: { amountCents: number; items: Array<{ title: string; priceCents: number }> };
}

/** An add-on's PIX still to pay; `bankRefused` when its last payment in the bank's app (JSR) did not go through. */
export interface WaitingAddon extends CreatedOrder {
  bankRefused?: true;
}

export interface AddonOffer {
  title: string;
  pitch: string;
  priceCents: number;
  /** The page version the name and price are from; "Quero adicionar" sends it back as `offerVersion`. */
  version: number;
}

export const AddonAnswerSchema = z.strictObject({
  accept: z.boolean(),
  /** The version of the offer the buyer saw: if its name or price changed, 409 with the new one before any charge. */
  offerVersion: z.number().int().min(0).max(1_000_000_000).optional(),
});

/** What the checkout sells now: the live page version's names and prices, as the server will charge them. */
export interface ProductInfo {
  title: string;
  priceCents: number;
  /** The page version they are from; the checkout sends it back as `offerVersion`. */
  version: number;
  /** The bump the checkout offers, or null when the server offers none. */
  bump: { name: string; priceCents: number } | null;
}

/** POST /api/orders's 409 when the prices changed since the checkout showed them: the new ones, shown before any charge. */
export interface PriceChangedBody {
  error: string;
  product: ProductInfo;
}

/** The add-on's 409 (POST /api/orders/:id/addon) when its name or price changed since the offer was shown: the new offer. */
export interface AddonPriceChangedBody {
  error: string;
  addonOffer: AddonOffer;
}
