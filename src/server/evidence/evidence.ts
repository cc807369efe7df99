/** The facts behind the dispute evidence document (docs/refunds.md#evidence), rendered without a database by evidence-document.ts. */

/** Facts written to order_evidence as they happen (evidence-repository.ts `recordEvidence`). */
export const RECORDED_EVIDENCE_KINDS = [
  'access_email_accepted',
  'refund_requested',
  'refund_approved',
  'refund_declined',
  'refund_gateway',
  'refunded',
  'access_revoked',
] as const;

/** Every kind of fact the document lists: the recorded ones, and those read from the order and the member page's opens. */
export const EVIDENCE_KINDS = ['order_created', 'paid', 'member_page_opened', ...RECORDED_EVIDENCE_KINDS] as const;

export type EvidenceKind = (typeof RECORDED_EVIDENCE_KINDS)[number];

/** One kind of fact; its Portuguese label and meaning are in content/evidence.ts. */
export type EvidenceEventKind = (typeof EVIDENCE_KINDS)[number];

export interface EvidenceEvent {
  at: number;
  kind: EvidenceEventKind;
  /** already-safe plain text detail, e.g. Message-ID, hashed client, reason */
  detail: string | null;
}

export interface OrderEvidence {
  generatedAt: number;
  productName: string;
  seller: { name: string; document: string; address: string; supportEmail: string; siteUrl: string };
  order: {
    reference: string;
    id: string;
    createdAt: number;
    paidAt: number | null;
    amountCents: number;
    transactionHash: string | null;
    statusLabel: string;
    /** The seller's page version it was placed under (docs/editing.md#prices); null: before versions were recorded. */
    pageVersion?: number | null;
  };
  buyer: { name: string; email: string; phone: string; document: string | null };
  guarantee: { days: number; endsAt: number | null };
  /** The whole purchase (the order and its add-on, each a PIX of its own), from its ledger (docs/money.md). */
  purchase: {
    charges: Array<{ amountCents: number; items: string[]; transactionHash: string | null }>;
    paidCents: number;
    refundedCents: number;
    owedCents: number;
  };
  /** In time order; the member page's openings past the per-order cap are counted in `openings` only. */
  events: EvidenceEvent[];
  /** Every opening of the member page recorded, counted (access/member-page-opens.ts). */
  openings: {
    count: number;
    /** Distinct hashed client groups. */
    addresses: number;
    withoutAddress: number;
    firstAt: number | null;
    lastAt: number | null;
    /** Those past the cap, kept as a count per day and address, without each one's time. */
    beyond: { count: number; firstAt: number; lastAt: number } | null;
  };
}
