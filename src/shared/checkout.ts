import { text, z } from './zod.ts';
import { cleanAttribution } from './attribution.ts';
import { digitsOnly } from './digits.ts';
import { isValidCpfOrCnpj, normalizeDocument } from './documents.ts';
import { cleanTrackingContext } from './tracking-context.ts';

/**
 * The buyer form's rules (docs/product.md#the-buyer-form), used by the form in the browser and by
 * the API on the server, so both say exactly the same thing. The Portuguese messages live in
 * content/checkout.ts (`checkoutFormMessages`) and are passed in.
 */
export interface CheckoutFormMessages {
  nameRequired: string;
  emailInvalid: string;
  phoneInvalid: string;
  documentInvalid: string;
  /** A checkout or view key that is not ours (only a tampered request gets it). */
  keyInvalid: string;
  /** The bump's answer that is not true or false (only a tampered request gets it). */
  bumpInvalid: string;
  /** A body that is not the form at all (only a tampered request gets it). */
  requestInvalid: string;
}

/** Phone: only digits count; DDD + number, 10 or 11 digits. */
export function isValidPhone(value: string): boolean {
  const digits = digitsOnly(value);
  return digits.length >= 10 && digits.length <= 11;
}

/** The e-mail rule of the buyer form: trimmed, lower-cased, at most 254 characters. */
export function emailSchema(message?: string) {
  return text(z.string().trim().toLowerCase().max(254, message), { message }).pipe(z.email(message));
}

/**
 * Every field names its message for every way it can fail, a wrong type or a missing value
 * included: whatever a request holds, the buyer reads Portuguese (tests/fuzz/parsers.test.ts).
 */
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
        // A CPF, or a company's CNPJ (numeric or alphanumeric): the maintained validator in documents.ts.
        .refine((value) => value.trim() === '' || isValidCpfOrCnpj(value), messages.documentInvalid)
        .transform(normalizeDocument),
      { message: messages.documentInvalid },
    ).optional(),
  };
}

export function checkoutFormSchema(messages: CheckoutFormMessages) {
  return z.object(checkoutFormShape(messages), messages.requestInvalid);
}

/**
 * What the browser sends to POST /api/orders: the form, an idempotency key for this attempt and
 * the tab's own secret key (`viewKey`), which it later shows to read the access link (see
 * ORDER_VIEW_KEY_HEADER). Without a view key the link only goes out by e-mail. `attribution` (the
 * visit's campaign parameters) and `tracking` (the cookie notice's answer and, when accepted, the
 * trackers' cookies) are cleaned, never refused: they must not stop a sale.
 */
export function createOrderSchema(messages: CheckoutFormMessages) {
  return z.object(
    {
      ...checkoutFormShape(messages),
      checkoutKey: text(z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, messages.keyInvalid), { message: messages.keyInvalid }),
      viewKey: text(z.string().regex(/^[A-Za-z0-9_-]{32,64}$/, messages.keyInvalid), { message: messages.keyInvalid }).optional(),
      attribution: z.unknown().optional().transform(cleanAttribution),
      tracking: z.unknown().optional().transform(cleanTrackingContext),
      /** The order bump's checkbox (content/offers.ts): only "with" or "without"; the server sets every price. */
      bump: z.boolean(messages.bumpInvalid).optional().default(false),
      /** "Quero receber o PIX e o acesso pelo WhatsApp" (content/checkout.ts), unticked unless the buyer ticks it. */
      whatsappConsent: z.boolean(messages.requestInvalid).optional().default(false),
    },
    messages.requestInvalid,
  );
}

export type CreateOrderInput = z.output<ReturnType<typeof createOrderSchema>>;

/** Field messages for a failed parse, one per field (the first problem). */
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

/** One item of an order: the main product, or the order bump (content/offers.ts). */
export type OrderItemKey = 'main' | 'bump';

export interface OrderItem {
  key: OrderItemKey;
  title: string;
  priceCents: number;
}

/** 201 from POST /api/orders (and from POST /api/orders/:id/addon, for the bump alone). */
export interface CreatedOrder {
  orderId: string;
  /** Random reference for trackers (GA4 transaction_id, Meta eventID) and the buyer; never the order id. */
  publicRef: string;
  /** The charge's total: the sum of `items`. */
  amountCents: number;
  items: OrderItem[];
  pix: { code: string | null; qrSvg: string | null; image: string | null };
  /** Epoch ms after which the code is no longer offered (server clock). */
  expiresAt: number;
  /** The server's clock when it answered, so the page can count down without trusting the phone's clock. */
  serverTime: number;
  /** Sandbox only: the page where the charge can be marked paid. */
  sandboxPayUrl?: string;
}

/** GET /api/orders/:id. */
export interface OrderStatusReply {
  status: OrderStatus;
  /** Paid: the member page link, only for the tab that created the order and only shortly after payment. */
  accessUrl?: string;
  /** Paid without a link here: where the access went instead (Portuguese). */
  accessNote?: string;
  /**
   * Paid, and the bump was not in it: the one-time offer of the bump alone (shown once per order,
   * to the tab that created it). POST /api/orders/:id/addon answers it.
   */
  addonOffer?: AddonOffer;
}

/** The one-time offer after payment (content/offers.ts `afterPaymentPriceCents`). */
export interface AddonOffer {
  title: string;
  pitch: string;
  priceCents: number;
}

/** POST /api/orders/:id/addon, with the tab's view key: "Quero adicionar" or "Não, obrigado". */
export const AddonAnswerSchema = z.strictObject({ accept: z.boolean() });

/** GET /api/product. */
export interface ProductInfo {
  title: string;
  priceCents: number;
}
