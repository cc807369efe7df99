/** Apart from shared/refunds.ts, so the landing page's first load does not carry zod for two numbers. */

/** CDC art. 49. */
export const DEFAULT_GUARANTEE_DAYS = 7;

/** An older request is flagged in Saúde. */
export const REFUND_ANSWER_DAYS = 2;
