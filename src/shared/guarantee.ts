/**
 * The guarantee's numbers that the pages print (docs/refunds.md). They live apart from
 * shared/refunds.ts, whose schemas bring zod: the public config and the copy import these, and
 * the landing page's first-load script must not carry zod for two numbers.
 */

/** Days after payment a buyer may ask for a refund when GUARANTEE_DAYS is unset (CDC art. 49). */
export const DEFAULT_GUARANTEE_DAYS = 7;

/**
 * Days the seller has to answer a request in manual mode, as /termos and the e-mails promise; a
 * request older than this is flagged in the console's Saúde.
 */
export const REFUND_ANSWER_DAYS = 2;
