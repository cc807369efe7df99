/** WhatsApp messages to buyers (docs/whatsapp.md). `console`: a wa.me link the seller opened and sent by hand. */
export const WHATSAPP_MESSAGE_KINDS = ['pix', 'reminder', 'access', 'console'] as const;
export type WhatsappMessageKind = (typeof WHATSAPP_MESSAGE_KINDS)[number];

/** `simulated`: recorded without sending, because the Cloud API is not set up. */
export type WhatsappMessageMode = 'cloud_api' | 'simulated' | 'wa_me';

/** `sending` may have lost its answer; `opened`: a wa.me message the seller opened, sent or not. */
export type WhatsappMessageStatus = 'sending' | 'accepted' | 'sent' | 'delivered' | 'read' | 'failed' | 'not_sent' | 'opened';

export interface AdminWhatsappMessage {
  id: string;
  kind: WhatsappMessageKind;
  mode: WhatsappMessageMode;
  status: WhatsappMessageStatus;
  /** The webhook's own time for WhatsApp's statuses. */
  statusAt: number;
  createdAt: number;
  sentAt: number | null;
  template: string | null;
  errorCode: number | null;
  errorReason: string | null;
  /** Rebuilt from the order now; null once the buyer's data is gone. */
  preview: string | null;
}

export interface AdminOrderWhatsapp {
  mode: 'cloud_api' | 'simulated';
  consent: { at: number; text: string; version: string } | null;
  /** The number answered PARAR: nothing more goes to it. */
  optedOutAt: number | null;
  /** The number is not on WhatsApp, or Meta refused the template; the e-mails go on as usual. */
  unavailable: { at: number; errorCode: number; reason: string } | null;
  messages: AdminWhatsappMessage[];
}
