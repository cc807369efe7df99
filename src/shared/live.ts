/** docs/product.md#2-live-signals-tell-the-truth */
export interface LiveSignals {
  /** null when MONTHLY_CAPACITY is 0 (unlimited). */
  spotsLeft: number | null;
  capacity: number;
  soldOut: boolean;
  nextBatchAt: number;
  offerEndsAt: number;
  viewers: number;
  /** So countdowns do not trust a wrong phone clock. */
  serverTime: number;
}
