import { DEFAULT_MIGRATION_TABLE, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { funnelMigration } from './migrations/0001-funnel.ts';
import { sandboxTransactionsMigration } from './migrations/0002-sandbox-transactions.ts';
import { ordersMigration } from './migrations/0003-orders.ts';
import { suppliersMigration } from './migrations/0004-suppliers.ts';
import { outboxMigration } from './migrations/0005-outbox.ts';
import { rateLimitsMigration } from './migrations/0006-rate-limits.ts';
import { webhookEventsMigration } from './migrations/0007-webhook-events.ts';
import { presenceMigration } from './migrations/0008-presence.ts';
import { abuseLimitsMigration } from './migrations/0009-abuse-limits.ts';
import { adminConsoleMigration } from './migrations/0012-admin-console.ts';
import { accessTokensMigration } from './migrations/0013-access-tokens.ts';
import { moneySafetyMigration } from './migrations/0014-money-safety.ts';
import { pixRemindersMigration } from './migrations/0015-pix-reminders.ts';
import { attributionMigration } from './migrations/0016-attribution-and-outgoing.ts';
import { postbackReadsMigration } from './migrations/0017-postback-reads.ts';
import { consoleSessionsMigration } from './migrations/0018-console-sessions.ts';
import { boundedWritesMigration } from './migrations/0019-bounded-writes.ts';
import { uniqueTransactionHashMigration } from './migrations/0020-unique-transaction-hash.ts';
import { refundsMigration } from './migrations/0021-refunds.ts';
import { reviewsMigration } from './migrations/0022-reviews.ts';
import { orderItemsMigration } from './migrations/0023-order-items.ts';
import { supplierListsMigration } from './migrations/0024-supplier-lists.ts';
import { purchaseLedgerMigration } from './migrations/0025-purchase-ledger.ts';
import { paymentProvidersMigration } from './migrations/0026-payment-providers.ts';
import { whatsappMigration } from './migrations/0027-whatsapp.ts';
import { providerLedgerMigration } from './migrations/0028-provider-ledger.ts';
import { webhookRejectionsMigration } from './migrations/0029-webhook-rejections.ts';
import { refundsPerItemMigration } from './migrations/0031-refunds-per-item.ts';
import { pageVersionsMigration } from './migrations/0032-page-versions.ts';
import { pageImagesMigration } from './migrations/0033-page-images.ts';
import { providerNeutralChargesMigration } from './migrations/0034-provider-neutral-charges.ts';
import { orderOfferVersionMigration } from './migrations/0035-order-offer-version.ts';
import { cancelSentMigration } from './migrations/0036-cancel-sent.ts';
import { disputesMigration } from './migrations/0037-disputes.ts';
import { providerRefundsMigration } from './migrations/0038-provider-refunds.ts';
import { instanceClocksMigration } from './migrations/0039-instance-clocks.ts';
import { heldWebhooksMigration } from './migrations/0041-held-webhooks.ts';
import { chargeLeasesMigration } from './migrations/0042-charge-leases.ts';
import { editorDraftsMigration } from './migrations/0043-editor-drafts.ts';
import { consoleUsersMigration } from './migrations/0045-console-users.ts';
import { openFinancePaymentsMigration } from './migrations/0046-open-finance-payments.ts';
import { openFinanceLinksMigration } from './migrations/0047-open-finance-links.ts';
import { experimentsMigration } from './migrations/0048-experiments.ts';
import { orderExperimentsMigration } from './migrations/0049-order-experiments.ts';
import { openFinanceReadsMigration } from './migrations/0054-open-finance-reads.ts';
import { unrecognisedEventsMigration } from './migrations/0058-unrecognised-events.ts';
import { disputePollHealthMigration } from './migrations/0060-dispute-poll-health.ts';
import { disputeReturnedMigration } from './migrations/0061-dispute-returned.ts';
import { memberPageOpeningsMigration } from './migrations/0062-member-page-openings.ts';
import { pageVersionVisitorsMigration } from './migrations/0063-page-version-visitors.ts';
import { pixReturnedMigration } from './migrations/0067-pix-returned.ts';
import { disputeListResumeMigration } from './migrations/0068-dispute-list-resume.ts';
import { backgroundReadsMigration } from './migrations/0069-background-reads.ts';
import { openFinanceLinkExpiryMigration } from './migrations/0070-open-finance-link-expiry.ts';
import { pageDraftSavesMigration } from './migrations/0071-page-draft-saves.ts';
import { experimentVisitorKeptMigration } from './migrations/0073-experiment-visitor-kept.ts';
import { experimentCheckoutOnceMigration } from './migrations/0074-experiment-checkout-once.ts';
import { pushNotificationsMigration } from './migrations/0075-push-notifications.ts';
import { affiliatesMigration } from './migrations/0078-affiliates.ts';
import { orderAffiliateMigration } from './migrations/0079-order-affiliate.ts';
import { affiliatePagesMigration } from './migrations/0080-affiliate-pages.ts';
import { affiliatePayoutsMigration } from './migrations/0081-affiliate-payouts.ts';
import { medReturnsMigration } from './migrations/0082-med-returns.ts';
import { payoutFeeMigration } from './migrations/0083-payout-fee.ts';
import { disputePollsMigration } from './migrations/0040-dispute-polls.ts';
import type { Database } from './schema.ts';

/** Listed here so the bundle carries them; only add entries, never edit a shipped one. Types both databases share. */
const migrations: Record<string, Migration> = {
  '0001_funnel': funnelMigration,
  '0002_sandbox_transactions': sandboxTransactionsMigration,
  '0003_orders': ordersMigration,
  '0004_suppliers': suppliersMigration,
  '0005_outbox': outboxMigration,
  '0006_rate_limits': rateLimitsMigration,
  '0007_webhook_events': webhookEventsMigration,
  '0008_presence': presenceMigration,
  '0009_abuse_limits': abuseLimitsMigration,
  '0012_admin_console': adminConsoleMigration,
  '0013_access_tokens': accessTokensMigration,
  '0014_money_safety': moneySafetyMigration,
  '0015_pix_reminders': pixRemindersMigration,
  '0016_attribution_and_outgoing': attributionMigration,
  '0017_postback_reads': postbackReadsMigration,
  '0018_console_sessions': consoleSessionsMigration,
  '0019_bounded_writes': boundedWritesMigration,
  '0020_unique_transaction_hash': uniqueTransactionHashMigration,
  '0021_refunds': refundsMigration,
  '0022_reviews': reviewsMigration,
  '0023_order_items': orderItemsMigration,
  '0024_supplier_lists': supplierListsMigration,
  '0025_purchase_ledger': purchaseLedgerMigration,
  '0026_payment_providers': paymentProvidersMigration,
  '0027_whatsapp': whatsappMigration,
  '0028_provider_ledger': providerLedgerMigration,
  '0029_webhook_rejections': webhookRejectionsMigration,
  '0031_refunds_per_item': refundsPerItemMigration,
  '0032_page_versions': pageVersionsMigration,
  '0033_page_images': pageImagesMigration,
  '0034_provider_neutral_charges': providerNeutralChargesMigration,
  '0035_order_offer_version': orderOfferVersionMigration,
  '0036_cancel_sent': cancelSentMigration,
  '0037_disputes': disputesMigration,
  '0038_provider_refunds': providerRefundsMigration,
  '0039_instance_clocks': instanceClocksMigration,
  '0040_dispute_polls': disputePollsMigration,
  '0041_held_webhooks': heldWebhooksMigration,
  '0042_charge_leases': chargeLeasesMigration,
  '0043_editor_drafts': editorDraftsMigration,
  '0045_console_users': consoleUsersMigration,
  '0046_open_finance_payments': openFinancePaymentsMigration,
  '0047_open_finance_links': openFinanceLinksMigration,
  '0048_experiments': experimentsMigration,
  '0049_order_experiments': orderExperimentsMigration,
  '0054_open_finance_reads': openFinanceReadsMigration,
  '0058_unrecognised_events': unrecognisedEventsMigration,
  '0060_dispute_poll_health': disputePollHealthMigration,
  '0061_dispute_returned': disputeReturnedMigration,
  '0062_member_page_openings': memberPageOpeningsMigration,
  '0063_page_version_visitors': pageVersionVisitorsMigration,
  '0067_pix_returned': pixReturnedMigration,
  '0068_dispute_list_resume': disputeListResumeMigration,
  '0069_background_reads': backgroundReadsMigration,
  '0070_open_finance_link_expiry': openFinanceLinkExpiryMigration,
  '0071_page_draft_saves': pageDraftSavesMigration,
  '0073_experiment_visitor_kept': experimentVisitorKeptMigration,
  '0074_experiment_checkout_once': experimentCheckoutOnceMigration,
  '0075_push_notifications': pushNotificationsMigration,
  '0078_affiliates': affiliatesMigration,
  '0079_order_affiliate': orderAffiliateMigration,
  '0080_affiliate_pages': affiliatePagesMigration,
  '0081_affiliate_payouts': affiliatePayoutsMigration,
  '0082_med_returns': medReturnsMigration,
  '0083_payout_fee': payoutFeeMigration,
};

/** Every migration this build carries, in the order they apply (readiness compares them with the database). */
export const migrationNames = Object.keys(migrations).sort();

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};

/** The migrations the database has not applied (one read, no write); throws when unreachable or never migrated. */
export async function pendingMigrations(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .withTables<{ [DEFAULT_MIGRATION_TABLE]: { name: string } }>()
    .selectFrom(DEFAULT_MIGRATION_TABLE)
    .select('name')
    .execute();
  const applied = new Set(rows.map((row) => row.name));
  return migrationNames.filter((name) => !applied.has(name));
}
