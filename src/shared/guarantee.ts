/** Apart from shared/refunds.ts, so the landing page's first load does not carry zod for two numbers. */

/** Days after payment a buyer may ask for a refund when GUARANTEE_DAYS is unset (CDC art. 49). */
export const DEFAULT_GUARANTEE_DAYS = 7;

/** What /termos promises for an answer in manual mode; an older request is flagged in Saúde. */
export const REFUND_ANSWER_DAYS = 2;
