/**
 * How long personal data is kept (LGPD art. 15/16). The retention job (server/jobs/retention.ts)
 * and the privacy page (content/legal.ts) both read these, so the page states what the code does.
 */

/** Unpaid charges lose the buyer's name, e-mail, phone and CPF after this many days (UNPAID_RETENTION_DAYS). */
export const DEFAULT_UNPAID_RETENTION_DAYS = 30;

/** Raw gateway postbacks (already stripped of customer fields) are deleted after this many days. */
export const WEBHOOK_AUDIT_RETENTION_DAYS = 90;

/**
 * The identifiers kept only to report a sale to Meta and Google from the server (the trackers'
 * cookies, the client's address and user agent, the ad click ids) are erased this many days after
 * payment (Meta takes events up to 7 days back), or a day after an unpaid charge expired.
 */
export const CONVERSION_DATA_RETENTION_DAYS = 7;

/**
 * When a buyer's access link was opened (one row per order and hour, shown on the order's timeline
 * to answer "I never got access"): kept for six months, the period Marco Civil da Internet (Lei
 * 12.965/2014, art. 15) sets for an application's access records, then deleted.
 */
export const MEMBER_PAGE_OPEN_RETENTION_DAYS = 180;
