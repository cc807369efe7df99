/** LGPD art. 15/16: the retention job and the privacy page both read these, so the page states what the code does. */

/** Unpaid charges lose the buyer's name, e-mail, phone and CPF after this many days (UNPAID_RETENTION_DAYS). */
export const DEFAULT_UNPAID_RETENTION_DAYS = 30;

/** Raw gateway postbacks (already stripped of customer fields) are deleted after this many days. */
export const WEBHOOK_AUDIT_RETENTION_DAYS = 90;

/** The server-side conversions' identifiers: Meta takes events up to 7 days back. */
export const CONVERSION_DATA_RETENTION_DAYS = 7;

/** Access-link opens: six months, as Marco Civil da Internet (Lei 12.965/2014, art. 15) sets for access records. */
export const MEMBER_PAGE_OPEN_RETENTION_DAYS = 180;
