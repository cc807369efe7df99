/** LGPD art. 15/16: the retention job and the privacy page both read these, so the page states what the code does. */

/** Unpaid orders lose their buyer fields after a month unless UNPAID_RETENTION_DAYS says otherwise (docs/operations.md#personal-data). */
export const DEFAULT_UNPAID_RETENTION_DAYS = 30;

/** Already stripped of customer fields. */
export const WEBHOOK_AUDIT_RETENTION_DAYS = 90;

/** Meta takes events up to 7 days back. */
export const CONVERSION_DATA_RETENTION_DAYS = 7;

/** Marco Civil da Internet (Lei 12.965/2014, art. 15). */
export const MEMBER_PAGE_OPEN_RETENTION_DAYS = 180;

/** A page editor's draft untouched this long after a publish outdated it is dropped (docs/editing.md#drafts-and-merges). */
export const STALE_DRAFT_RETENTION_DAYS = 30;

/** Every draft save is kept this long, so what a later save overwrote can be taken back (docs/editing.md#drafts-and-merges). */
export const DRAFT_SAVE_RETENTION_HOURS = 24;
