import type { ExperimentCreateSchema, ExperimentList, ExperimentWinnerSchema } from './experiments/experiment-api.ts';
import type { MemberArea, ResendAccessSchema } from './access.ts';
import type {
  AdminAffiliateDefaultsSchema,
  AdminAffiliateList,
  AdminAffiliateRatesSchema,
  AdminAffiliateStateSchema,
  AffiliatePage,
  affiliateFormSchema,
  affiliatePixKeySchema,
  affiliateRequestSchema,
  affiliateSignInSchema,
  affiliateTermsSchema,
} from './affiliates.ts';
import type { AdminPayoutApproveSchema, AdminPayoutSettingsSchema, AdminPayouts } from './affiliate-payouts.ts';
import type {
  AdminInviteAcceptSchema,
  AdminInviteReply,
  AdminInviteSchema,
  AdminInviteTokenSchema,
  AdminPermissionsSchema,
  AdminUserList,
  PageVersionFigures,
} from './admin-users.ts';
import type {
  AdminBuyerDeleteSchema,
  AdminBuyerErased,
  AdminBuyerSchema,
  AdminBuyerSummary,
  AdminCorrectEmailSchema,
  AdminHealth,
  AdminLoginSchema,
  AdminOrderDetail,
  AdminOrderList,
  AdminOverview,
  AdminSessionInfo,
  AdminSupplierCsvSchema,
  SupplierListInfo,
  SupplierPreview,
} from './admin.ts';
import type { ConsoleErrorReportSchema } from './console-errors.ts';
import type { AddonAnswerSchema, CreatedOrder, createOrderSchema, OrderStatusReply, ProductInfo } from './checkout.ts';
import type { FunnelEventSchema } from './events.ts';
import type { LiveSignals } from './live.ts';
import type { PageVersionReply } from './offer-diff.ts';
import type { OpenFinanceBanksReply, OpenFinanceStartReply, OpenFinanceStartSchema } from './open-finance.ts';
import type { BankLinkAddonSchema, BankLinkRedirect, MemberBankLink } from './bank-link.ts';
import type { OrderPageReply } from './order-page.ts';
import type { PresenceBeatSchema } from './presence.ts';
import type { PushDeviceSchema, PushForgetSchema, PushPreferencesSchema, PushSettings } from './push.ts';
import type { RefundDeclineSchema, RefundRequestReply, RefundRequestSchema, RefundStartSchema } from './refunds.ts';
import type {
  AdminReviewList,
  AdminReviewOrderSchema,
  AdminReviewPublishSchema,
  ReviewInputSchema,
  ReviewPageReply,
  ReviewReply,
} from './reviews.ts';
import type {
  AdminDispute,
  AdminDisputeCreateSchema,
  AdminDisputeDefence,
  AdminDisputeList,
  AdminDisputeResolveSchema,
  DisputeConfirmSchema,
  DisputePollReply,
} from './disputes.ts';
import type { AdminOrderWhatsapp } from './whatsapp.ts';
import type {
  AdminPageState,
  PageDraftReply,
  PageDraftSave,
  pageDraftSchema,
  PageImageReply,
  PageDraftPublishSchema,
  PagePublishReply,
  PagePublishSchema,
} from './offer.ts';
import type { z } from './zod.ts';

export interface ApiErrorBody {
  error: string;
  fields?: Record<string, string>;
  /** A refusal the console answers by itself: `dispute_open`, a refund while a dispute is open, sent again with `confirmDispute` (docs/disputes.md). */
  code?: 'dispute_open';
}

export interface OkReply {
  ok: true;
}

type Body<Schema extends z.ZodType> = z.input<Schema>;

/** One table, not Hono's `hc<AppType>`: the client may not import server types, and `apiFetch` is lighter. */
export interface ApiEndpoints {
  'GET /api/live': { reply: LiveSignals };
  'POST /api/presence': { body: Body<typeof PresenceBeatSchema>; reply: null };
  'POST /api/events': { body: Body<typeof FunnelEventSchema>; reply: null };

  'GET /api/product': { reply: ProductInfo };
  'POST /api/orders': { body: Body<ReturnType<typeof createOrderSchema>>; reply: CreatedOrder };
  'GET /api/orders/:id': { reply: OrderStatusReply };
  'POST /api/orders/:id/addon': { body: Body<typeof AddonAnswerSchema>; reply: CreatedOrder | { orderId?: undefined } };
  'GET /api/order-page/:ref': { reply: OrderPageReply };
  'POST /api/order-page/:ref/resend': { reply: OkReply };
  'POST /api/order-page/:ref/refund': { body: Body<typeof RefundRequestSchema>; reply: RefundRequestReply };
  /** docs/payments.md#open-finance; 404 when Open Finance is off. */
  'GET /api/open-finance/bancos': { reply: OpenFinanceBanksReply };
  'POST /api/orders/:id/open-finance': { body: Body<typeof OpenFinanceStartSchema>; reply: OpenFinanceStartReply };
  /** docs/payments.md#jsr-the-add-on-in-one-tap: keep the bank for the add-on, then pay it under the vínculo. */
  'POST /api/orders/:id/vinculo': { reply: BankLinkRedirect };
  'POST /api/orders/:id/addon/biometria': { body: Body<typeof BankLinkAddonSchema>; reply: BankLinkRedirect };

  'GET /api/reviews/:ref': { reply: ReviewPageReply };
  'POST /api/reviews/:ref': { body: Body<typeof ReviewInputSchema>; reply: ReviewReply };
  'POST /api/reviews/:ref/withdraw': { reply: ReviewReply };

  'GET /api/access': { reply: MemberArea };
  'POST /api/access/resend': { body: Body<typeof ResendAccessSchema>; reply: OkReply };
  'POST /api/access/refund': { body: Body<typeof RefundRequestSchema>; reply: RefundRequestReply };
  'POST /api/access/review': { body: Body<typeof ReviewInputSchema>; reply: ReviewReply };
  'POST /api/access/review/withdraw': { reply: ReviewReply };
  'GET /api/access/vinculo': { reply: MemberBankLink };
  'POST /api/access/vinculo/remover': { reply: MemberBankLink };

  /** docs/affiliates.md#the-affiliates-page: /afiliados's request and /afiliado's page. */
  'POST /api/affiliates/request': { body: Body<ReturnType<typeof affiliateRequestSchema>>; reply: OkReply };
  'POST /api/affiliates/sign-in': { body: Body<ReturnType<typeof affiliateSignInSchema>>; reply: OkReply };
  'GET /api/affiliates/me': { reply: AffiliatePage };
  'POST /api/affiliates/pix-key': { body: Body<ReturnType<typeof affiliatePixKeySchema>>; reply: AffiliatePage };
  'POST /api/affiliates/terms': { body: Body<ReturnType<typeof affiliateTermsSchema>>; reply: AffiliatePage };
  'POST /api/affiliates/sign-out': { reply: OkReply };

  'GET /api/admin/session': { reply: AdminSessionInfo };
  'POST /api/admin/login': { body: Body<typeof AdminLoginSchema>; reply: OkReply };
  'POST /api/admin/logout': { reply: OkReply };
  'POST /api/admin/sessions/end-all': { reply: OkReply };
  'GET /api/admin/overview': { reply: AdminOverview };
  'GET /api/admin/orders': { reply: AdminOrderList };
  'GET /api/admin/orders/:id': { reply: AdminOrderDetail };
  /** docs/whatsapp.md#the-console */
  'GET /api/admin/orders/:id/whatsapp': { reply: AdminOrderWhatsapp };
  /** Never with the PIX code. */
  'POST /api/admin/orders/:id/whatsapp/console': { reply: { url: string } };
  'POST /api/admin/orders/:id/resend': { reply: OkReply };
  'POST /api/admin/orders/:id/revoke': { reply: OkReply };
  /** "Marcar como reembolsado"; a body is optional (older callers send none). */
  'POST /api/admin/orders/:id/refund': { body: Body<typeof DisputeConfirmSchema>; reply: OkReply };
  'POST /api/admin/orders/:id/refund/start': { body: Body<typeof RefundStartSchema>; reply: OkReply };
  'POST /api/admin/orders/:id/refund/decline': { body: Body<typeof RefundDeclineSchema>; reply: OkReply };
  'GET /api/admin/orders/:id/evidence': { reply: unknown };
  'POST /api/admin/orders/:id/email': { body: Body<typeof AdminCorrectEmailSchema>; reply: OkReply };
  'GET /api/admin/suppliers': { reply: SupplierListInfo };
  'POST /api/admin/suppliers/preview': { body: Body<typeof AdminSupplierCsvSchema>; reply: SupplierPreview };
  'POST /api/admin/suppliers': { body: Body<typeof AdminSupplierCsvSchema>; reply: SupplierListInfo };
  'GET /api/admin/health': { reply: AdminHealth };
  'POST /api/admin/buyer': { body: Body<typeof AdminBuyerSchema>; reply: AdminBuyerSummary };
  'POST /api/admin/buyer/export': { body: Body<typeof AdminBuyerSchema>; reply: unknown };
  'POST /api/admin/buyer/delete': { body: Body<typeof AdminBuyerDeleteSchema>; reply: AdminBuyerErased };
  'POST /api/admin/outbox/:id/retry': { reply: OkReply };
  'GET /api/admin/reviews': { reply: AdminReviewList };
  'POST /api/admin/reviews/:orderId/publish': { body: Body<typeof AdminReviewPublishSchema>; reply: AdminReviewList };
  'POST /api/admin/reviews/:orderId/hide': { reply: AdminReviewList };
  'POST /api/admin/reviews/order': { body: Body<typeof AdminReviewOrderSchema>; reply: AdminReviewList };
  /** docs/editing.md */
  'GET /api/admin/page': { reply: AdminPageState };
  'POST /api/admin/page/draft': { body: Body<ReturnType<typeof pageDraftSchema>>; reply: PageDraftReply };
  'POST /api/admin/page/draft/discard': { reply: OkReply };
  'GET /api/admin/page/saves': { reply: { saves: PageDraftSave[] } };
  /** HTML for the console's preview frame, not JSON. */
  'GET /api/admin/page/preview/:page': { reply: unknown };
  /** 409 with `PagePublishConflictBody` when a field both this draft and a newer live version changed. */
  'POST /api/admin/page/publish': { body: Body<typeof PageDraftPublishSchema>; reply: PagePublishReply };
  'GET /api/admin/page/versions/:number': { reply: PageVersionReply };
  'POST /api/admin/page/versions/:number/restore': { body: Body<typeof PagePublishSchema>; reply: PagePublishReply };
  /** docs/disputes.md */
  'GET /api/admin/disputes': { reply: AdminDisputeList };
  'POST /api/admin/disputes': { body: Body<typeof AdminDisputeCreateSchema>; reply: AdminDispute };
  'GET /api/admin/disputes/:id/defence': { reply: AdminDisputeDefence };
  /** Sends the defence once: 409 when already sent, 422 when too late, each with its Portuguese message. */
  'POST /api/admin/disputes/:id/defence': { reply: AdminDispute };
  /** The defence as a PDF, for a provider whose panel takes it by hand. */
  'GET /api/admin/disputes/:id/defence.pdf': { reply: unknown };
  'POST /api/admin/disputes/:id/resolve': { body: Body<typeof AdminDisputeResolveSchema>; reply: AdminDispute };
  /** Polls the providers' disputes now (Saúde). */
  'POST /api/admin/disputes/poll': { reply: DisputePollReply };
  'POST /api/admin/dispute-blocks/:id/remove': { reply: AdminDisputeList };
  /** The defence's PDF, which Woovi downloads itself after "Enviar defesa" (public; the dispute's id is the key). */
  'GET /api/disputes/:id/evidence.pdf': { reply: unknown };
  /** The image's bytes as the body (not JSON). */
  'POST /api/admin/page/images': { reply: PageImageReply };
  'GET /api/admin/page/figures': { reply: { versions: PageVersionFigures[] } };
  'GET /api/admin/experiments': { reply: ExperimentList };
  /** 422 with the refused variant's field (a price is never tested); 409 when the page already runs a test. */
  'POST /api/admin/experiments': { body: Body<typeof ExperimentCreateSchema>; reply: { id: string } };
  'POST /api/admin/experiments/:id/stop': { reply: OkReply };
  /** Publishes the variant as a new page version (the editor's checks), ending the test. */
  'POST /api/admin/experiments/:id/winner': { body: Body<typeof ExperimentWinnerSchema>; reply: { number: number } };
  'GET /api/admin/affiliates': { reply: AdminAffiliateList };
  'POST /api/admin/affiliates': { body: Body<ReturnType<typeof affiliateFormSchema>>; reply: AdminAffiliateList };
  'POST /api/admin/affiliates/rates': { body: Body<typeof AdminAffiliateDefaultsSchema>; reply: AdminAffiliateList };
  'POST /api/admin/affiliates/:id/rates': { body: Body<typeof AdminAffiliateRatesSchema>; reply: AdminAffiliateList };
  'POST /api/admin/affiliates/:id/state': { body: Body<typeof AdminAffiliateStateSchema>; reply: AdminAffiliateList };
  'GET /api/admin/affiliates/payouts': { reply: AdminPayouts };
  'POST /api/admin/affiliates/payouts/settings': { body: Body<typeof AdminPayoutSettingsSchema>; reply: AdminPayouts };
  'POST /api/admin/affiliates/payouts/approve': { body: Body<typeof AdminPayoutApproveSchema>; reply: AdminPayouts };
  'POST /api/admin/affiliates/payouts/:id/paid': { reply: AdminPayouts };
  'GET /api/admin/users': { reply: AdminUserList };
  'POST /api/admin/users/invite': { body: Body<typeof AdminInviteSchema>; reply: AdminInviteReply };
  'POST /api/admin/users/:id/permissions': { body: Body<typeof AdminPermissionsSchema>; reply: AdminUserList };
  'POST /api/admin/users/:id/revoke': { reply: AdminUserList };
  'POST /api/admin/invite/check': { body: Body<typeof AdminInviteTokenSchema>; reply: { email: string } };
  'POST /api/admin/invite/accept': { body: Body<typeof AdminInviteAcceptSchema>; reply: OkReply };
  /** An error a console area could not show (docs/operations.md#console-errors). */
  'POST /api/admin/errors': { body: Body<typeof ConsoleErrorReportSchema>; reply: null };
  'GET /api/admin/notifications': { reply: PushSettings };
  'POST /api/admin/notifications/devices': { body: Body<typeof PushDeviceSchema>; reply: PushSettings };
  'POST /api/admin/notifications/devices/:id/remove': { reply: PushSettings };
  'POST /api/admin/notifications/devices/forget': { body: Body<typeof PushForgetSchema>; reply: PushSettings };
  'POST /api/admin/notifications/preferences': { body: Body<typeof PushPreferencesSchema>; reply: PushSettings };
}

export type ApiEndpoint = keyof ApiEndpoints;

export type ApiReply<Endpoint extends ApiEndpoint> = ApiEndpoints[Endpoint]['reply'];
