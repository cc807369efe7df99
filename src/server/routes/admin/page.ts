import type { Context } from 'hono';
import { zValidator } from '@hono/zod-validator';
import { copyClaimRefusal, formatKilobytes, offerMessages, pageEditorApi } from '../../../content/offer.ts';
import type { CopyFinding } from '../../../shared/copy-claims.ts';
import { pageDraftsApi } from '../../../content/page-drafts.ts';
import {
  LANDING_BUDGET_BYTES,
  pageDraftSchema,
  PageDraftPublishSchema,
  PagePublishSchema,
  type PagePublishConflictBody,
} from '../../../shared/offer.ts';
import { IMAGE_MAX_BYTES } from '../../../shared/offer-image.ts';
import { formatBRL } from '../../../shared/money.ts';
import { OFFER_PAGES, type OfferPage } from '../../../shared/offer-pages.ts';
import { recordAudit } from '../../admin/admin-audit.ts';
import { apiError, limitBody } from '../../http/http.ts';
import { limits } from '../../http/rate-limit.ts';
import {
  discardDraft,
  offerCopyFindings,
  pageEditorState,
  previewDraft,
  publishDraft,
  recentSaves,
  restoreVersion,
  versionBesideLive,
  saveDraft,
  type PublishResult,
} from '../../offer/offer-service.ts';
import { storeUpload } from '../../offer/offer-images.ts';
import { referencePriceShortfall } from '../../offer/reference-price.ts';
import { sendReply } from '../api-reply.ts';
import type { AdminEnv } from '../context.ts';
import { adminRouter, auditClient, json, ok, tooLarge } from './console.ts';

/** A whole offer with every FAQ answer at its longest stays far under this. */
const DRAFT_MAX_BYTES = 128 * 1024;

/** The same schema as the editor's form: each refused field gets its Portuguese message, keyed by its path. */
const draftBody = zValidator('json', pageDraftSchema(offerMessages), (result, c) => {
  if (result.success) return;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.slice(1).join('.') || 'offer';
    fields[key] ??= issue.message;
  }
  return apiError(c, 422, pageEditorApi.invalid, fields);
});

/** The draft preview: no script, never indexed, framed only by the console. */
const PREVIEW_POLICY =
  "default-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; font-src 'self'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

/** Every `<script>…</script>` out, in one pass (our own render: its scripts never nest nor hide in text). */
function withoutScripts(html: string): string {
  let kept = '';
  let from = 0;
  for (;;) {
    const start = html.indexOf('<script', from);
    const end = start < 0 ? -1 : html.indexOf('</script>', start);
    if (end < 0) break;
    kept += html.slice(from, start);
    from = end + '</script>'.length;
  }
  kept += html.slice(from);
  return kept.replace('<head>', '<head><meta name="robots" content="noindex, nofollow" />');
}

/** A refusal's reply, or `undefined` once the publish is recorded in the audit log. */
export async function publishReply(
  c: Context<AdminEnv>,
  result: Exclude<PublishResult, { kind: 'not_found' }>,
  audit: { action: string; detail: Record<string, unknown> },
) {
  if (result.kind === 'changed') return apiError(c, 409, pageEditorApi.changed);
  if (result.kind === 'draft_changed') return apiError(c, 409, pageDraftsApi.draftChanged);
  if (result.kind === 'conflict') {
    const body: PagePublishConflictBody = {
      error: pageDraftsApi.conflict(result.conflicts.length),
      liveNumber: result.liveNumber,
      merged: result.merged,
      conflicts: result.conflicts,
    };
    return c.json(body, 409);
  }
  if (result.kind === 'price_from_provider') {
    const reason = pageEditorApi.priceFromProvider(formatBRL(result.chargedCents));
    return apiError(c, 422, reason, { 'product.priceCents': reason });
  }
  if (result.kind === 'reference_price') return referencePriceReply(c, result.referencePriceCents, result.days);
  if (result.kind === 'copy_claims') return copyClaimsReply(c, result.findings);
  if (result.kind === 'too_large')
    return apiError(c, 422, pageEditorApi.tooLarge(formatKilobytes(result.landingBytes), formatKilobytes(LANDING_BUDGET_BYTES)), {
      landingBytes: String(result.landingBytes),
    });
  await recordAudit(c.var.db, {
    session: c.var.session,
    action: audit.action,
    detail: { ...audit.detail, version: result.number, landingBytes: result.landingBytes },
    client: auditClient(c),
    now: c.var.now(),
  });
  return undefined;
}

/** "de R$ X" only when X was charged 30 of the last 90 days (offer/reference-price.ts): the refusal, with the days, on its field. */
function referencePriceReply(c: Context<AdminEnv>, referencePriceCents: number, days: number) {
  const reason = pageEditorApi.referencePrice(formatBRL(referencePriceCents), days);
  return apiError(c, 422, reason, { 'product.referencePriceCents': reason });
}

/** Each refused sentence on its field, the first as the headline (docs/editing.md#what-the-copy-may-promise). */
function copyClaimsReply(c: Context<AdminEnv>, findings: CopyFinding[]) {
  const fields: Record<string, string> = {};
  for (const finding of findings) fields[finding.field] ??= copyClaimRefusal(finding);
  return apiError(c, 422, copyClaimRefusal(findings[0]!), fields);
}

async function referenceRefusal(c: Context<AdminEnv>, referencePriceCents: number): Promise<Response | undefined> {
  const shortfall = await referencePriceShortfall(c.var.db, referencePriceCents, c.var.now());
  return shortfall ? referencePriceReply(c, referencePriceCents, shortfall.days) : undefined;
}

/** Every publish costs a render of the pages: limited per client, as other costly writes are. */
async function publishAllowed(c: Context<AdminEnv>): Promise<Response | undefined> {
  const decision = await c.var.limiter.consume(limits.pagePublish, c.var.clientAddress, c.var.now());
  if (decision.allowed) return undefined;
  c.header('Retry-After', String(Math.ceil(decision.retryAfterMs / 1000)));
  return apiError(c, 429, pageEditorApi.tooManyPublishes);
}

/** Over IMAGE_MAX_BYTES (25 MB), refused from its Content-Length (or as it streams past the limit), never read whole. */
const imageTooLarge = (c: Context) => apiError(c, 413, pageEditorApi.imageTooLarge);

const uploadRefusals = {
  type: pageEditorApi.imageType,
  unreadable: pageEditorApi.imageUnreadable,
  too_small: pageEditorApi.imageTooSmall,
  gif: pageEditorApi.imageGif,
  too_many_pixels: pageEditorApi.imageTooManyPixels,
} as const;

/** Each console session edits its own draft (docs/editing.md#drafts-and-merges). */
const editorOf = (c: Context<AdminEnv>) => ({ session: c.var.session, userId: c.var.actor.userId });

/** docs/editing.md */
export const adminPageRoutes = adminRouter()
  .get('/page', async (c) => sendReply(c, 'GET', await pageEditorState(c.var.offer, c.var.now(), editorOf(c))))

  .post('/page/draft', limitBody(DRAFT_MAX_BYTES, tooLarge), draftBody, async (c) => {
    const { offer, baseNumber, tab = '' } = c.req.valid('json');
    // A "de R$ X" that could not be published is refused now, with its reason, not after the seller previewed it.
    const reference = await referenceRefusal(c, offer.product.referencePriceCents);
    if (reference) return reference;
    // So is a sentence that claims what the shop does not give: the seller reads it under the field while typing.
    const findings = offerCopyFindings(c.var.offer, offer);
    if (findings.length > 0) return copyClaimsReply(c, findings);
    const saved = await saveDraft(c.var.offer, { offer, baseNumber, editor: editorOf(c), tab, now: c.var.now() });
    return sendReply(c, 'POST', saved);
  })

  // What was saved in the last 24 hours, by any tab or device this editor may see: one of them goes back into the form.
  .get('/page/saves', async (c) => sendReply(c, 'GET', { saves: await recentSaves(c.var.offer, editorOf(c), c.var.now()) }))

  .get('/page/preview/:page', async (c) => {
    const page = c.req.param('page');
    if (!(OFFER_PAGES as readonly string[]).includes(page)) return apiError(c, 404, pageEditorApi.versionNotFound);
    const html = await previewDraft(c.var.offer, page as OfferPage, c.var.session);
    if (html === undefined) return apiError(c, 404, pageEditorApi.versionNotFound);
    c.header('Content-Security-Policy', PREVIEW_POLICY);
    return c.html(withoutScripts(html));
  })

  .post('/page/publish', limitBody(1024, tooLarge), json(PageDraftPublishSchema), async (c) => {
    const refused = await publishAllowed(c);
    if (refused) return refused;
    const { revision } = c.req.valid('json');
    const result = await publishDraft(c.var.offer, { revision, editor: editorOf(c), now: c.var.now() });
    if (result.kind === 'not_found') return apiError(c, 404, pageEditorApi.noDraft);
    const failed = await publishReply(c, result, { action: 'page_publish', detail: {} });
    if (failed || result.kind !== 'published') return failed;
    return sendReply(c, 'POST', { number: result.number, landingBytes: result.landingBytes });
  })

  // What "Restaurar" would put live, beside the live version: the console shows the diff before it asks.
  .get('/page/versions/:number', async (c) => {
    const number = Number(c.req.param('number'));
    const found = Number.isSafeInteger(number) && number >= 0 ? await versionBesideLive(c.var.offer, number) : undefined;
    if (!found) return apiError(c, 404, pageEditorApi.versionNotFound);
    return sendReply(c, 'GET', { number, offer: found.offer, live: found.live });
  })

  .post('/page/versions/:number/restore', limitBody(1024, tooLarge), json(PagePublishSchema), async (c) => {
    const refused = await publishAllowed(c);
    if (refused) return refused;
    const number = Number(c.req.param('number'));
    if (!Number.isSafeInteger(number) || number < 0) return apiError(c, 404, pageEditorApi.versionNotFound);
    const { baseNumber } = c.req.valid('json');
    const result = await restoreVersion(c.var.offer, { number, baseNumber, session: c.var.session, now: c.var.now() });
    if (result.kind === 'not_found') return apiError(c, 404, pageEditorApi.versionNotFound);
    const failed = await publishReply(c, result, { action: 'page_restore', detail: { restoredFrom: number } });
    if (failed || result.kind !== 'published') return failed;
    return sendReply(c, 'POST', { number: result.number, landingBytes: result.landingBytes });
  })

  // The file's bytes as the body: its type is read from them, never from the name or the declared type.
  .post('/page/images', limitBody(IMAGE_MAX_BYTES, imageTooLarge), async (c) => {
    const decision = await c.var.limiter.consume(limits.pageImageUpload, c.var.clientAddress, c.var.now());
    if (!decision.allowed) {
      c.header('Retry-After', String(Math.ceil(decision.retryAfterMs / 1000)));
      return apiError(c, 429, pageEditorApi.tooManyUploads);
    }
    const body = new Uint8Array(await c.req.arrayBuffer());
    const result = await storeUpload(c.var.db, body, { session: c.var.session, now: c.var.now() });
    if (result.kind !== 'stored') return apiError(c, 422, uploadRefusals[result.kind]);
    await recordAudit(c.var.db, {
      session: c.var.session,
      action: 'page_image_upload',
      detail: { image: result.ref, bytes: body.length },
      client: auditClient(c),
      now: c.var.now(),
    });
    return sendReply(c, 'POST', { ref: result.ref, width: result.image.width, height: result.image.height });
  })

  .post('/page/draft/discard', async (c) => {
    await discardDraft(c.var.offer, c.var.session);
    return sendReply(c, 'POST', ok);
  });
