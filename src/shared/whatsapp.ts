/**
 * WhatsApp messages to buyers (docs/whatsapp.md): the words both sides use for the message log,
 * and the console's reply about one order.
 */

/**
 * What a message was: the PIX right after the charge, the one reminder before it expires, the
 * access link after payment, or the console's "Cobrar no WhatsApp" (a wa.me link the seller
 * opened and sent by hand).
 */
export const WHATSAPP_MESSAGE_KINDS = ['pix', 'reminder', 'access', 'console'] as const;
export type WhatsappMessageKind = (typeof WHATSAPP_MESSAGE_KINDS)[number];

/**
 * How it went (or would have gone): through the Cloud API; recorded without sending, because the
 * Cloud API is not set up (the demo, a seller without it); or by hand through wa.me.
 */
export type WhatsappMessageMode = 'cloud_api' | 'simulated' | 'wa_me';

/**
 * Where a message stands.
 * - `sending`: handed to the Cloud API without an answer yet (or whose answer was lost);
 * - `accepted`: the Cloud API took it and named it (`wamid.…`); WhatsApp's own statuses follow:
 * - `sent`, `delivered`, `read` (from the delivery webhook);
 * - `failed`: refused by the Cloud API, or reported failed by the webhook (`errorCode` says why);
 * - `not_sent`: recorded without the Cloud API (`simulated`), so the console shows what would have gone;
 * - `opened`: a `wa_me` message the seller opened in WhatsApp (whether it was sent is not known).
 */
export type WhatsappMessageStatus = 'sending' | 'accepted' | 'sent' | 'delivered' | 'read' | 'failed' | 'not_sent' | 'opened';

/** One message of an order, as the console lists it. */
export interface AdminWhatsappMessage {
  id: string;
  kind: WhatsappMessageKind;
  mode: WhatsappMessageMode;
  status: WhatsappMessageStatus;
  /** When the status was last set (the webhook's own time for WhatsApp's statuses). */
  statusAt: number;
  /** When the message was first attempted or recorded. */
  createdAt: number;
  /** When the Cloud API accepted it (or it was recorded / opened); null while not. */
  sentAt: number | null;
  /** The template's name at Meta; null for a console message. */
  template: string | null;
  /** Meta's error code when it failed (e.g. 131026), else null. */
  errorCode: number | null;
  /** Why it failed, in Portuguese, for the seller; null when it did not. */
  errorReason: string | null;
  /** The text as the buyer reads it (or would have), rebuilt from the order now; null once the buyer's data is gone. */
  preview: string | null;
}

/** GET /api/admin/orders/:id/whatsapp. */
export interface AdminOrderWhatsapp {
  /** `cloud_api` when WHATSAPP_TOKEN and the rest are set; `simulated` otherwise (messages are recorded, not sent). */
  mode: 'cloud_api' | 'simulated';
  /** The buyer's "Quero receber o PIX e o acesso pelo WhatsApp" at checkout; null when not ticked. */
  consent: { at: number; text: string; version: string } | null;
  /** The number answered PARAR (or used a message's stop link): nothing more goes to it. */
  optedOutAt: number | null;
  /**
   * WhatsApp cannot be used for this order ("WhatsApp não é possível: …"): the number is not on
   * WhatsApp, or Meta refused the template. The e-mails go on as usual.
   */
  unavailable: { at: number; errorCode: number; reason: string } | null;
  messages: AdminWhatsappMessage[];
}
