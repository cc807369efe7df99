/** GET /api/live — the landing page's live signals, all computed by the server (docs/product.md#2-live-signals-tell-the-truth). */
export interface LiveSignals {
  /** Spots left this month; null when MONTHLY_CAPACITY is 0 (unlimited: the block is hidden). */
  spotsLeft: number | null;
  /** MONTHLY_CAPACITY (0 = unlimited). */
  capacity: number;
  soldOut: boolean;
  /** Epoch ms: when the next batch opens (the 1st of next month, America/Sao_Paulo). */
  nextBatchAt: number;
  /** Epoch ms: when the current offer closes (end of month, or OFFER_ENDS_AT). */
  offerEndsAt: number;
  /** Distinct visitors with the landing page open in the last 60 s (all instances). */
  viewers: number;
  /** The server's clock, so countdowns do not trust a wrong phone clock. */
  serverTime: number;
}
