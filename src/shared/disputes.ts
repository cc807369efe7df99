import { text, z } from './zod.ts';

/** docs/disputes.md: a buyer's contestation of a paid PIX (the Banco Central's MED), a chargeback, a dispute. */
export const DISPUTE_STATES = ['open', 'defending', 'won', 'lost', 'cancelled'] as const;
export type DisputeState = (typeof DISPUTE_STATES)[number];

/** `provider`: opened from the provider's webhook, read-back or poll; `manual`: entered in the console. */
export type DisputeSource = 'provider' | 'manual';

/** How the defence reaches the provider: its API (Efí's `defesa`, Woovi's evidence), or a PDF and text for its panel. */
export type DefenceChannel = 'provider' | 'panel';

export interface AdminDispute {
  id: string;
  orderId: string;
  orderRef: string;
  buyerName: string;
  provider: string;
  source: DisputeSource;
  providerDisputeId: string | null;
  endToEndId: string | null;
  amountCents: number;
  /**
   * What the MED took back for it: the devolução read on the charge, whole or part, or the amount of one lost where no read
   * tells the money; null while not lost, and while lost at a provider whose devolução is yet to be read (Efí).
   */
  returnedCents: number | null;
  /**
   * What went back is a part tied to no item (docs/money.md#med-part): the access is kept and the card says "(parte)".
   * False for a whole charge, or an amount equal to one item's price (that item ended).
   */
  returnedPart: boolean;
  state: DisputeState;
  openedAt: number;
  /** The provider's deadline for the defence; null when none is known. */
  defenceDueAt: number | null;
  closedAt: number | null;
  defenceChannel: DefenceChannel;
  defenceSentAt: number | null;
  items: string[];
}

/** The text "Enviar defesa" sends (or the seller pastes in the provider's panel), read for one dispute at a time. */
export interface AdminDisputeDefence {
  text: string;
}

export interface AdminDisputeBlock {
  id: string;
  /** Which of the buyer's details is blocked; only hashes are kept, so the console shows the kind and the order. */
  kind: 'email' | 'document' | 'phone';
  orderRef: string;
  createdAt: number;
}

export interface AdminDisputeList {
  disputes: AdminDispute[];
  blocks: AdminDisputeBlock[];
}

export const AdminDisputeCreateSchema = z.object({
  query: text(z.string().trim().min(1).max(254)),
  /** The contested amount in centavos; the whole paid amount when absent. */
  amountCents: z.number().int().positive().max(10_000_000).optional(),
  /** The day the defence is due (YYYY-MM-DD, São Paulo), if the provider named one. */
  defenceDueOn: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  providerDisputeId: text(z.string().trim().max(100)).optional(),
});

export const AdminDisputeResolveSchema = z.object({ state: z.enum(['won', 'lost', 'cancelled']) });

/** A refund while a dispute is open needs this second confirmation: the MED may return the money too. */
export const DisputeConfirmSchema = z.object({ confirmDispute: z.literal(true).optional() });

/** "Verificar contestações agora": each provider's list read or not, in the seller's words (docs/disputes.md#loud). */
export interface DisputePollReply {
  ok: boolean;
  providers: Array<{ provider: string; ok: boolean; message: string }>;
}
