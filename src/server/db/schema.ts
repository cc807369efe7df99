import type { Generated } from 'kysely';
import type { OrderItemKey } from '../../shared/checkout.ts';
import type { AffiliateState, CommissionFlag, CommissionItem, PixKey } from '../../shared/affiliates.ts';
import type { GatewayRefundState, RefundOrigin, RefundReason, RefundStatus } from '../../shared/refunds.ts';
import type { BrazilState, ReviewStatus } from '../../shared/reviews.ts';
import type { DefenceChannel, DisputeSource, DisputeState } from '../../shared/disputes.ts';
import type { ProviderId } from '../gateway/provider-registry.ts';
import type { ListKey, Supplier } from '../../shared/suppliers.ts';
import type { WhatsappMessageKind, WhatsappMessageMode, WhatsappMessageStatus } from '../../shared/whatsapp.ts';

/** Times are epoch ms (bigint) so SQLite and Postgres compare them alike; money is integer centavos. */
export interface FunnelTable {
  /** Calendar day in America/Sao_Paulo, YYYY-MM-DD. */
  day: string;
  event: string;
  /** Route key (`routeKey` in shared/route-lookup.ts), never a raw URL: no tokens or query strings. */
  path: string;
  count: number;
}

/** `failed`: refused or the answer was lost; `reversed`: refund or chargeback. "Expired" is a pending order past `expires_at`. */
export type StoredOrderStatus = 'creating' | 'pending' | 'paid' | 'failed' | 'reversed';

export interface OrdersTable {
  id: string;
  checkout_key: string;
  status: StoredOrderStatus;
  buyer_name: string;
  buyer_email: string;
  buyer_phone: string;
  buyer_document: string | null;
  amount_cents: number;
  /** A catalogue provider's ids of the main product and offer (TriboPay's, migration 0034); null: none. */
  product_hash: string | null;
  offer_hash: string | null;
  postback_secret: string;
  /** The PIX provider that took (or is taking) the charge (migration 0026); older orders: tribopay. */
  provider: Generated<ProviderId>;
  charge_key: Generated<string | null>;
  charge_id: string | null;
  /** Shared with another order before hashes were unique (migration 0020); the other order kept it. */
  contested_charge_id: Generated<string | null>;
  alternate_ids: string | null;
  pix_code: string | null;
  pix_image: string | null;
  failure_reason: string | null;
  created_at: number;
  updated_at: number;
  expires_at: number;
  paid_at: number | null;
  checked_at: number | null;
  charged_at: Generated<number | null>;
  /** Hash of the client's address group (see rate-limit.ts); limits open charges per client. */
  client_key: Generated<string | null>;
  /** The earlier paid order of the same buyer within 48 h; set on the later one (a refund candidate). */
  duplicate_of: Generated<string | null>;
  /** The order of the same buyer's later checkout that retired this charge (docs/money.md#one-payable-pix). */
  replaced_by: Generated<string | null>;
  /** When the charge was closed at its provider (cancelled there, or seen unpayable): the reconciler stops reading it (migration 0028). */
  provider_closed_at: Generated<number | null>;
  /** When a cancel was first sent to its provider (migration 0036): a deleting provider's "not found" then means closed. */
  cancel_sent_at: Generated<number | null>;
  next_check_at: Generated<number | null>;
  check_count: Generated<number>;
  /** An authenticated postback's re-read that has not succeeded yet (the reconciler retries it). */
  recheck_requested_at: Generated<number | null>;
  /** When a postback last led to a gateway read (one per order per window: routes/webhooks.ts). */
  postback_read_at: Generated<number | null>;
  /** Given to trackers instead of the order id. The old `access_token` column is always null since 0013. */
  public_ref: string;
  /** SHA-256 of the per-tab key the creating tab holds: only that tab sees the access link in the modal. */
  view_key_hash: Generated<string | null>;
  access_revoked_at: Generated<number | null>;
  /** Campaign parameters of the first page of the buyer's visit (shared/attribution.ts); null when absent. */
  utm_source: Generated<string | null>;
  utm_medium: Generated<string | null>;
  utm_campaign: Generated<string | null>;
  utm_content: Generated<string | null>;
  utm_term: Generated<string | null>;
  src: Generated<string | null>;
  sck: Generated<string | null>;
  fbclid: Generated<string | null>;
  gclid: Generated<string | null>;
  tracking_consent: Generated<string | null>;
  /** Only when tracking was accepted, for the server-side conversions; personal data (privacy/). */
  fbp: Generated<string | null>;
  fbc: Generated<string | null>;
  ga_client_id: Generated<string | null>;
  client_ip: Generated<string | null>;
  client_user_agent: Generated<string | null>;
  reminders_opted_out_at: Generated<number | null>;
  /** `main`, or `addon`: the one-time offer after payment, the bump alone for `parent_order_id` (docs/offers.md). */
  kind: Generated<OrderKind>;
  parent_order_id: Generated<string | null>;
  addon_answer: Generated<'accepted' | 'declined' | null>;
  addon_answered_at: Generated<number | null>;
  /** The exact words shown and their version; null: no consent, no WhatsApp. */
  whatsapp_consent_at: Generated<number | null>;
  whatsapp_consent_text: Generated<string | null>;
  whatsapp_consent_version: Generated<string | null>;
  /** The seller's page version the order was placed under (migration 0035); null: placed before versions were recorded. */
  offer_version: Generated<number | null>;
  /** While `creating`: until when the instance making the charge holds it, renewed during the call (migration 0042). */
  charge_lease_until: Generated<number | null>;
  /** The paid PIX's end-to-end id, from the read that confirmed it (migration 0037): a MED names the payment by it. */
  end_to_end_id: Generated<string | null>;
  /** What the MED took back of this charge (lost disputes, migration 0037): "Devolvido pelo MED", not a refund. */
  med_returned_cents: Generated<number>;
  /** When its PIX, paid after the bank-app payment went back through a refund, was returned (migration 0067). */
  pix_returned_at: Generated<number | null>;
  /** The affiliate code the visit carried (migration 0079); null: none. */
  affiliate_code: Generated<string | null>;
}

export type OrderKind = 'main' | 'addon';

export interface OrderItemsTable {
  order_id: string;
  item: OrderItemKey;
  title: string;
  price_cents: number;
  /** The item's product and offer at a catalogue provider (TriboPay's, migration 0034); null: none. */
  product_hash: string | null;
  offer_hash: string | null;
}

/** Only the SHA-256 of each access token is kept. */
export interface AccessTokensTable {
  token_hash: string;
  order_id: string;
  created_at: number;
  revoked_at: number | null;
}

export interface SuppliersTable extends Supplier {
  id: string;
  list: ListKey;
  position: number;
}

export interface SupplierListMetaTable {
  list: ListKey;
  updated_at: number;
  count: number;
  /** 1 for the demo's example set (server/suppliers/example-lists.ts), 0 for the seller's own import. */
  example: number;
}

/** Transactional outbox (docs/decisions/0001-outbox-delivery.md). */
export interface OutboxTable {
  id: string;
  order_id: string;
  kind: string;
  payload: string;
  attempts: number;
  next_attempt_at: number;
  locked_until: number | null;
  sent_at: number | null;
  last_error: string | null;
  created_at: number;
}

/** The sandbox gateway's charges, in the gateway's own words (TriboPay's `payment_status` values). */
export interface SandboxTransactionTable {
  hash: string;
  amount: number;
  payment_status: string;
  product_hash: string | null;
  offer_hash: string | null;
  customer_name: string | null;
  customer_email: string | null;
  customer_phone: string | null;
  postback_url: string | null;
  pix_code: string;
  created_at: number;
  updated_at: number;
  tracking: Generated<string | null>;
  cart: Generated<string | null>;
}

export interface WebhookEventsTable {
  id: string;
  received_at: number;
  order_id: string | null;
  secret_ok: number;
  content_type: string | null;
  body: string;
  candidate_ids: string;
  /** `<provider>:<charge id>` of a verified webhook that came before its charge's create answered (migration 0041); null once adopted or for others. */
  held_charge: Generated<string | null>;
}

export interface RateLimitsTable {
  key: string;
  window_start: number;
  count: number;
}

/** One row per visitor whose landing page sent a heartbeat lately (docs/product.md#2-live-signals-tell-the-truth "viewers now"). */
export interface PresenceTable {
  visitor_id: string;
  client_key: string | null;
  last_seen: number;
}

/** The cookie holds the secret, this table only its hash. */
export interface AdminSessionsTable {
  id_hash: string;
  created_at: number;
  last_seen_at: number;
  ended_at: number | null;
  /** HMAC of the password it was opened with, keyed by the cookie (admin-auth.ts); null → ended. */
  password_tag: string | null;
  /** The console user's id; null: the owner's, opened with ADMIN_PASSWORD. */
  user_id: Generated<string | null>;
}

/** A console user (admin/admin-users.ts); the owner is ADMIN_PASSWORD, never a row. */
export interface AdminUsersTable {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  permissions: string;
  created_at: number;
  revoked_at: number | null;
}

export interface AdminInvitesTable {
  token_hash: string;
  email: string;
  permissions: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** Who each session label is: kept after the session is pruned, so the audit log and the history keep the name. */
export interface AdminSessionNamesTable {
  label: string;
  user_id: string | null;
  name: string;
}

/** The page's funnel by the version served (docs/editing.md#figures): no day, no visitor, only counts. */
export interface PageVersionFunnelTable {
  version: number;
  event: string;
  path: string;
  count: number;
}

/** Migration 0063: who was counted as a version's visitor on a day (a daily id, as the A/B tests'); today's and yesterday's. */
export interface PageVersionVisitorsTable {
  day: string;
  version: number;
  visitor: string;
  /** Migration 0074: 1 once this visitor-day began a checkout (the funnel's `checkout_visitor`). */
  checkout_begun: Generated<number>;
}

/** Migration 0046: a payment started at the buyer's bank; `returned_at` when it went back automatically. */
export interface OpenFinancePaymentsTable {
  payment_id: string;
  order_id: string;
  participant_id: string;
  idempotency_key: string;
  redirect_uri: string;
  state: 'pending' | 'paid' | 'failed' | 'expired' | 'cancelled' | 'unknown';
  amount_cents: number;
  created_at: number;
  paid_at: number | null;
  returned_at: number | null;
  /** 1: made under a vínculo (JSR, migration 0047), read from `/pagamentos-biometria/pix`. */
  jsr: Generated<number>;
  /** Migration 0054: the reconciler's last read of it, while it waits (docs/payments.md#open-finance). */
  checked_at: number | null;
}

/** Migration 0047: a buyer's JSR vínculo; `pending` until their bank approves it, deleted when removed or erased. */
export interface OpenFinanceLinksTable {
  link_id: string;
  buyer_email: string;
  order_id: string;
  participant_id: string;
  idempotency_key: string;
  redirect_uri: string;
  state: 'pending' | 'active' | 'refused' | 'revoked' | 'expired';
  created_at: number;
  active_at: number | null;
  /** Migration 0054: the bank's name as Efí listed it when the vínculo was made, for the buyer's copy of their data. */
  bank_name: string | null;
  /** Migration 0070: `dataExpiracao` as Efí last listed it; gone from the list past it, the vínculo expired. */
  expires_at: Generated<number | null>;
}

export interface AdminLoginLimitsTable {
  key: string;
  window_start: number;
  count: number;
}

export interface AdminAuditTable {
  id: string;
  at: number;
  session: string;
  action: string;
  order_id: string | null;
  detail: string | null;
  client: string | null;
  actor: Generated<string | null>;
}

/** One row per opening of the member page, up to a cap per order (access/access-repository.ts). */
export interface MemberPageOpensTable {
  order_id: string;
  at: number;
  /** The hashed client group that opened it (http/rate-limit.ts `clientKey`), never the address; null before 0021. */
  client: Generated<string | null>;
}

/** Openings past the cap: one row per order, day (since the epoch, UTC) and client ('' when none), with their count. */
export interface MemberPageOpenTalliesTable {
  order_id: string;
  day: number;
  client: string;
  openings: number;
  first_at: number;
  last_at: number;
}

/** One row per item of a charge (docs/money.md#refunds): a part refund leaves the charge's other items on their own. */
export interface RefundsTable {
  order_id: string;
  item: OrderItemKey;
  amount_cents: number;
  status: RefundStatus;
  origin: RefundOrigin;
  reason: RefundReason | null;
  /** The buyer's own words (personal data: exported and erased with the order). */
  note: string | null;
  requested_at: number;
  decided_at: number | null;
  decided_by: 'seller' | 'auto' | null;
  decline_reason: string | null;
  refunded_at: number | null;
  gateway_state: Generated<GatewayRefundState>;
  gateway_error: string | null;
  /** When the refund endpoint was last called: set once before the call, so a retry re-reads instead of calling again. */
  gateway_called_at: number | null;
  /** The provider's own refund, read back while it is in process (Mercado Pago's `in_process`). */
  gateway_refund_id: Generated<string | null>;
  attempt: Generated<number>;
  updated_at: number;
}

/** A refund the provider made that the shop did not ask for, one per rise of its total (migration 0038, docs/money.md#provider-side). */
export interface ProviderRefundsTable {
  order_id: string;
  /** What the provider had sent back on the charge in all, once this refund was seen: the key. */
  total_cents: number;
  amount_cents: number;
  /** The item it refunded (its refund row holds it); null: a part of the purchase tied to no item, the access kept. */
  item: OrderItemKey | null;
  seen_at: number;
}

/** Each rise of a charge's MED total, in the order seen (migration 0082): a devolução, matched by the ledger on its own. */
export interface MedReturnsTable {
  order_id: string;
  /** The charge's MED total (`orders.med_returned_cents`) once this return was seen: the key. */
  total_cents: number;
  amount_cents: number;
  seen_at: number;
}

export interface OrderEvidenceTable {
  id: string;
  order_id: string;
  at: number;
  kind: string;
  detail: string | null;
}

/** One row per PIX e-mail sent to an address on a São Paulo day: at most N slots (pix-emails/pix-email-quota.ts). */
export interface PixEmailQuotaTable {
  /** SHA-256 of the normalised address: the quota needs to recognise it, not read it. */
  recipient_hash: string;
  day: string;
  slot: number;
  /** `{order id}:{outbox kind}`: a retried message keeps its slot. */
  message_key: string;
  at: number;
}

/** One review per paid order (docs/reviews.md). */
export interface ReviewsTable {
  order_id: string;
  rating: number;
  /** The buyer's words, exactly as written: the seller publishes or hides, never edits. */
  text: string;
  display_name: string;
  city: string | null;
  state: BrazilState | null;
  photo_url: string | null;
  consent_at: number;
  status: ReviewStatus;
  position: number | null;
  purchased_at: number;
  created_at: number;
  updated_at: number;
  published_at: number | null;
}

/** Never the number, the PIX code or the text: those are read from the order when a message goes. */
export interface WhatsappMessagesTable {
  id: string;
  order_id: string;
  kind: WhatsappMessageKind;
  message_key: string;
  /** 1..WHATSAPP_MAX_PER_ORDER, unique per order: the cap; null for console messages. */
  slot: number | null;
  mode: WhatsappMessageMode;
  template: string | null;
  status: WhatsappMessageStatus;
  status_at: number;
  created_at: number;
  sent_at: number | null;
  meta_message_id: string | null;
  error_code: number | null;
  attempts: Generated<number>;
  /** Of those, calls whose outcome is unknown (no answer): a message is never sent a third time. */
  uncertain: Generated<number>;
}

/** Numbers that answered PARAR or used a message's stop link: nothing more goes to them. */
export interface WhatsappOptOutsTable {
  phone_key: string;
  at: number;
  source: 'reply' | 'link';
}

export interface WebhookRejectionsTable {
  provider: ProviderId;
  count: number;
  last_at: number;
  last_reason: string | null;
}

/** A verified provider event of a name the shop does not know: one row per provider and name. */
export interface UnrecognisedEventsTable {
  provider: ProviderId;
  name: string;
  count: number;
  first_at: number;
  last_at: number;
}

/** One published version of the seller's offer (docs/editing.md); number 0 is the build's content files, never a row. */
export interface PageVersionsTable {
  number: number;
  /** The whole offer as JSON (shared/offer.ts `Offer`). */
  content: string;
  published_at: number;
  /** The console session's label (admin/admin-auth.ts `sessionLabel`). */
  published_by: string;
  /** Set when "Restaurar" published an earlier version again. */
  restored_from: number | null;
  /** `/` in brotli when it was published. */
  landing_bytes: number;
}

/** One draft per editor (migration 0043, docs/editing.md#drafts-and-merges). */
export interface PageEditorDraftsTable {
  editor: string;
  /** Its console user; null: the owner. */
  user_id: string | null;
  content: string;
  /** The live version the draft was started from: the base of the merge when another editor published since. */
  base_number: number;
  /** Grows at each save: a publish names the one its editor previewed. */
  revision: number;
  updated_at: number;
}

/** Every draft save of the last 24 hours (migration 0071): what a later save overwrote is found again here. */
export interface PageDraftSavesTable {
  id: string;
  /** The console session that saved it (`page_editor_drafts.editor`). */
  editor: string;
  /** Its console user; null: the owner. */
  user_id: string | null;
  /** The browser tab that saved it, as the console names it: "esta aba" or "outra aba" in the list. */
  tab: string;
  content: string;
  base_number: number;
  saved_at: number;
}

export interface PageImagesTable {
  /** `<hash>-<width>.<format>` (shared/offer-image.ts), the URL's last segment. */
  file: string;
  hash: string;
  content_type: string;
  bytes: Uint8Array;
  created_at: number;
  created_by: string;
}

/** Each instance's last comparison of its clock with the database's (migration 0039; db/database-clock.ts). */
export interface InstanceClocksTable {
  id: string;
  /** Host name and process id, as Saúde names the instance. */
  name: string;
  /** The instance's clock minus the database's: positive when it runs ahead. */
  skew_ms: number;
  /** By the database's clock. */
  checked_at: number;
}

/** A buyer's contestation of a paid PIX (docs/disputes.md); only disputes/ reads and writes it (migration 0037). */
export interface DisputesTable {
  id: string;
  order_id: string;
  provider: ProviderId;
  source: DisputeSource;
  /** The provider's own id; a dispute entered by hand gets `manual:<id>`. Unique per provider. */
  provider_dispute_id: string;
  end_to_end_id: string | null;
  amount_cents: number;
  state: DisputeState;
  raw_status: string | null;
  defence_due_at: number | null;
  opened_at: number;
  closed_at: number | null;
  /** Set once: a defence is sent at most once. */
  defence_sent_at: number | null;
  defence_channel: DefenceChannel | null;
  /** 1 or 0: the payer the provider names matches the buyer; null when it names none. */
  payer_matches: number | null;
  /** The MED's devolução read on the charge (its total there), whole or part; null while none was read. Migration 0061. */
  returned_cents: number | null;
  updated_at: number;
}

/** Keyed hashes of a buyer's e-mail, CPF or phone after a lost dispute: no new PIX for them while not removed. */
export interface DisputeBlocksTable {
  id: string;
  kind: 'email' | 'document' | 'phone';
  hash: string;
  order_id: string;
  created_at: number;
  removed_at: number | null;
}

/** Each provider's dispute list as last read (migration 0040); only disputes/dispute-poller.ts reads and writes it. */
export interface DisputePollsTable {
  provider: ProviderId;
  /** The end of the last window read in full; null before the first. */
  polled_to: number | null;
  next_poll_at: number;
  /** An instance reading the list holds it until then; a crash frees it once that passes. */
  claimed_until: number | null;
  /** A range read in part (the poll's requests spent first) and the provider's position in it; null when none (migration 0068). */
  resume_from: number | null;
  resume_to: number | null;
  resume_at: number | null;
}

/** Each provider's background reads, one row per kind (migration 0069); only background-reads/ reads and writes it. */
export interface BackgroundReadsTable {
  provider: ProviderId;
  /** `disputes`, `charges` or `bank_payments` (background-reads/background-reads.ts). */
  read: string;
  last_success_at: number | null;
  /** The first failed read of a run of failures; null once a read succeeds. */
  failing_since: number | null;
  /** The last failure in the seller's words, with its fix, and when it happened. */
  last_error: string | null;
  last_failure_at: number | null;
  /** The provider asked to wait (429, or 503 with Retry-After): its background reads skip it until then. */
  paused_until: number | null;
  /** The last wait without a Retry-After, doubled at each new refusal; null once a read succeeds. */
  backoff_ms: number | null;
}

/** The shop's VAPID keys and its last push (migration 0075, docs/notifications.md): one row, id `shop`. */
export interface PushStateTable {
  id: string;
  public_key: string;
  private_key: string;
  created_at: number;
  last_sent_at: number | null;
  last_failure_at: number | null;
  last_failure: string | null;
}

/** A console person's device (`person`: shared/admin-users.ts personKey) as its browser's push service named it. */
export interface PushSubscriptionsTable {
  id: string;
  person: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  device: string;
  created_at: number;
  last_sent_at: number | null;
}

/** What does not ring for a person (a JSON list of kinds) and their quiet hours, Brasília time. */
export interface PushPreferencesTable {
  person: string;
  muted: string;
  quiet_start: number;
  quiet_end: number;
  updated_at: number;
}

export interface Database {
  funnel: FunnelTable;
  sandbox_transactions: SandboxTransactionTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  webhook_events: WebhookEventsTable;
  suppliers: SuppliersTable;
  supplier_list_meta: SupplierListMetaTable;
  outbox: OutboxTable;
  rate_limits: RateLimitsTable;
  presence: PresenceTable;
  admin_sessions: AdminSessionsTable;
  admin_login_limits: AdminLoginLimitsTable;
  admin_audit: AdminAuditTable;
  admin_users: AdminUsersTable;
  admin_invites: AdminInvitesTable;
  admin_session_names: AdminSessionNamesTable;
  page_version_funnel: PageVersionFunnelTable;
  page_version_visitors: PageVersionVisitorsTable;
  open_finance_payments: OpenFinancePaymentsTable;
  open_finance_links: OpenFinanceLinksTable;
  member_page_opens: MemberPageOpensTable;
  member_page_open_tallies: MemberPageOpenTalliesTable;
  pix_email_quota: PixEmailQuotaTable;
  access_tokens: AccessTokensTable;
  refunds: RefundsTable;
  provider_refunds: ProviderRefundsTable;
  med_returns: MedReturnsTable;
  order_evidence: OrderEvidenceTable;
  reviews: ReviewsTable;
  push_preferences: PushPreferencesTable;
  push_state: PushStateTable;
  push_subscriptions: PushSubscriptionsTable;
  whatsapp_messages: WhatsappMessagesTable;
  whatsapp_opt_outs: WhatsappOptOutsTable;
  webhook_rejections: WebhookRejectionsTable;
  unrecognised_events: UnrecognisedEventsTable;
  page_versions: PageVersionsTable;
  page_editor_drafts: PageEditorDraftsTable;
  page_draft_saves: PageDraftSavesTable;
  page_images: PageImagesTable;
  disputes: DisputesTable;
  dispute_blocks: DisputeBlocksTable;
  instance_clocks: InstanceClocksTable;
  dispute_polls: DisputePollsTable;
  background_reads: BackgroundReadsTable;
  experiments: ExperimentsTable;
  experiment_salts: ExperimentSaltsTable;
  experiment_visitors: ExperimentVisitorsTable;
  experiment_events: ExperimentEventsTable;
  order_experiments: OrderExperimentsTable;
  affiliates: AffiliatesTable;
  affiliate_settings: AffiliateSettingsTable;
  affiliate_commissions: AffiliateCommissionsTable;
  affiliate_links: AffiliateLinksTable;
  affiliate_sessions: AffiliateSessionsTable;
  affiliate_pix_changes: AffiliatePixChangesTable;
  affiliate_payouts: AffiliatePayoutsTable;
  affiliate_payout_lines: AffiliatePayoutLinesTable;
}

/** Migration 0078 (docs/affiliates.md); rates are basis points, a null rate the seller's default. */
export interface AffiliatesTable {
  id: string;
  code: string;
  name: string;
  email: string;
  document: string | null;
  pix_key_type: PixKey['type'];
  pix_key: string;
  promotes: string;
  state: AffiliateState;
  state_reason: string | null;
  rate_main: number | null;
  rate_bump: number | null;
  rate_addon: number | null;
  created_at: number;
  updated_at: number;
  /** Migration 0080: the terms shown on /afiliados when they asked to join, or accepted on their page; null: not yet. */
  terms_version: string | null;
  terms_accepted_at: number | null;
  /** A confirmed PIX key change holds payouts until then (docs/affiliates.md#the-affiliates-page). */
  payouts_held_until: number | null;
}

/** Migration 0080: a link e-mailed to an affiliate, kept only hashed; it works once, before `expires_at`. */
export interface AffiliateLinksTable {
  token_hash: string;
  affiliate_id: string;
  purpose: 'sign_in' | 'pix_key';
  /** The PIX key change a `pix_key` link confirms. */
  change_id: string | null;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** Migration 0080: an affiliate's signed-in browser, by the hash of its cookie. */
export interface AffiliateSessionsTable {
  id_hash: string;
  affiliate_id: string;
  created_at: number;
  expires_at: number;
}

/** Migration 0080: a new PIX key asked for on the affiliate's page, applied once confirmed by e-mail. */
export interface AffiliatePixChangesTable {
  id: string;
  affiliate_id: string;
  pix_key_type: PixKey['type'];
  pix_key: string;
  created_at: number;
  confirmed_at: number | null;
}

export interface AffiliateSettingsTable {
  id: string;
  rate_main: number;
  rate_bump: number;
  rate_addon: number;
  /** Migration 0081: the payout day (0 Sunday … 6 Saturday, Brasília), the least a payout sends, above what a second tap is asked. */
  payout_weekday: Generated<number>;
  payout_min_cents: Generated<number>;
  payout_confirm_above_cents: Generated<number>;
  updated_at: number;
}

export interface AffiliateCommissionsTable {
  order_id: string;
  item: OrderItemKey;
  affiliate_id: string;
  main_order_id: string;
  kind: CommissionItem;
  rate: number;
  flag: CommissionFlag | null;
  paid_cents: Generated<number>;
  created_at: number;
}

/** Migration 0081 (docs/affiliates.md#payouts): `provider` null for a payout paid by hand in the bank's app. */
export interface AffiliatePayoutsTable {
  id: string;
  batch_id: string;
  affiliate_id: string;
  open_for: string | null;
  amount_cents: number;
  pix_key_type: PixKey['type'];
  pix_key: string;
  provider: ProviderId | null;
  state: 'queued' | 'sending' | 'sent' | 'unknown' | 'confirmed' | 'failed';
  end_to_end_id: string | null;
  failure: string | null;
  attempts: Generated<number>;
  lease_until: number | null;
  approved_by: string | null;
  created_at: number;
  updated_at: number;
  paid_at: number | null;
  /** Migration 0083: what the provider charged on top of `amount_cents` (AbacatePay's fee); null where none was said. */
  fee_cents: Generated<number | null>;
}

export interface AffiliatePayoutLinesTable {
  payout_id: string;
  order_id: string;
  item: OrderItemKey;
  cents: number;
}

/** An order's variant in each running A/B test its buyer was in (migration 0049, docs/experiments.md#what-is-stored). */
export interface OrderExperimentsTable {
  order_id: string;
  experiment_id: string;
  variant: number;
}

/** The day's salt of the cookie-less assignment, one for every instance (docs/experiments.md#serving). */
export interface ExperimentSaltsTable {
  day: string;
  salt: string;
}

/** A visitor of a page under test, by their daily id, counted once a day. */
export interface ExperimentVisitorsTable {
  experiment_id: string;
  day: string;
  visitor: string;
  variant: number;
  /** Migration 0073: 1 when the consented cookie kept an earlier day's version, 0 when the day's hash drew it. */
  kept: Generated<number>;
  /** Migration 0074: 1 once this visitor-day began a checkout (counted once in experiment_events). */
  checkout_begun: Generated<number>;
}

/** A client event's count (`begin_checkout`) per variant. */
export interface ExperimentEventsTable {
  experiment_id: string;
  variant: number;
  event: string;
  count: number;
}

/** An A/B test of `/` or `/presell` (migration 0048, docs/experiments.md). */
export interface ExperimentsTable {
  id: string;
  page: string;
  /** The page while the test runs, null after: one running test per page (unique). */
  running_page: string | null;
  status: 'running' | 'stopped' | 'decided' | 'chosen';
  name: string;
  variants: string;
  metric: string;
  planned_lift: number;
  planned_visitors: number;
  starts_at: number;
  ends_at: number;
  created_at: number;
  created_by: string;
  stopped_at: number | null;
  winner: number | null;
  winner_version: number | null;
}
