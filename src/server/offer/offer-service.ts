import type { Kysely } from 'kysely';
import { offerDefaults } from '../../content/offer.ts';
import { LANDING_BUDGET_BYTES, type AdminPageState, type LiveReferencePrice, type Offer } from '../../shared/offer.ts';
import { personKey } from '../../shared/admin-users.ts';
import type { OfferPage } from '../../shared/offer-pages.ts';
import type { Database } from '../db/schema.ts';
import type { RenderedSite, Site } from '../http/site.ts';
import type { LiveOffer } from './live-offer.ts';
import {
  deleteDraft,
  findDraft,
  type DraftEditor,
  findVersion,
  insertVersion,
  listVersions,
  liveVersionNumber,
  parseStoredOffer,
  saveDraftRow,
} from './offer-repository.ts';
import { itemPrices } from '../../content/item-prices.ts';
import { copyFindings, shopFactsOf, type CopyFinding } from '../../shared/copy-claims.ts';
import { mergeOffers, type OfferConflict } from '../../shared/offer-merge.ts';
import { pricesOfVersion } from './offer-prices.ts';
import { describeVersions } from './version-history.ts';
import { referencePriceHonestUntil, referencePriceShortfall } from './reference-price.ts';

/** For the retention job (jobs/retention.ts). */
export { pruneDrafts } from './offer-repository.ts';
/** The version live in the database (experiments/ publishes a test's winner over it). */
export { liveVersionNumber } from './offer-repository.ts';

export interface OfferDeps {
  db: Kysely<Database>;
  site: Site | undefined;
  live: LiveOffer;
  /** The seller's fields a variable overrides (`name`, `supportEmail`…). */
  fromEnvironment: string[];
  /** The provider catalogue's price (TriboPay's PRODUCT_HASH): a publish never changes it. */
  cataloguePrice: (() => Promise<number>) | undefined;
}

/** The field the provider's catalogue decides, by path. */
const CATALOGUE_PRICE = 'product.priceCents';

const HISTORY_SHOWN = 50;

/** The live "de R$ X" as the page treats it (offer/live-offer.ts withdraws it once `honestUntil` has passed). */
async function liveReferencePrice(deps: OfferDeps, offer: Offer, now: number): Promise<LiveReferencePrice | null> {
  const { referencePriceCents } = offer.product;
  if (referencePriceCents === 0) return null;
  const honestUntil = await referencePriceHonestUntil(deps.db, referencePriceCents);
  const shortfall =
    honestUntil !== null && now > honestUntil ? await referencePriceShortfall(deps.db, referencePriceCents, now) : undefined;
  return { priceCents: referencePriceCents, honestUntil, withdrawn: shortfall ? { days: shortfall.days } : null };
}

/** The offer of a version (0: the build's content), or undefined when there is no such version. */
export async function versionOffer(deps: OfferDeps, number: number): Promise<Offer | undefined> {
  if (number === 0) return offerDefaults;
  const version = await findVersion(deps.db, number);
  return version ? parseStoredOffer(version.content) : undefined;
}

// A version and the live one as the database has them: this instance may not yet serve what another just published.
export async function versionBesideLive(deps: OfferDeps, number: number): Promise<{ offer: Offer; live: Offer } | undefined> {
  const [offer, live] = await Promise.all([
    versionOffer(deps, number),
    liveVersionNumber(deps.db).then((liveNumber) => versionOffer(deps, liveNumber)),
  ]);
  return offer && live ? { offer, live } : undefined;
}

export async function pageEditorState(deps: OfferDeps, now: number, editor: DraftEditor): Promise<AdminPageState> {
  const number = await liveVersionNumber(deps.db);
  const version = number > 0 ? await findVersion(deps.db, number) : undefined;
  const draft = await findDraft(deps.db, editor.session);
  const live = version ? parseStoredOffer(version.content) : offerDefaults;
  return {
    live: { number, offer: live, publishedAt: version?.publishedAt ?? null },
    draft: draft
      ? { offer: parseStoredOffer(draft.content), baseNumber: draft.baseNumber, updatedAt: draft.updatedAt, revision: draft.revision }
      : null,
    editorKey: personKey(editor.userId),
    defaults: offerDefaults,
    history: await describeVersions(deps.db, await listVersions(deps.db, HISTORY_SHOWN)),
    fromEnvironment: deps.fromEnvironment,
    locked: deps.cataloguePrice ? [CATALOGUE_PRICE] : [],
    landingBudgetBytes: LANDING_BUDGET_BYTES,
    referencePrice: await liveReferencePrice(deps, live, now),
  };
}

async function render(deps: OfferDeps, offer: Offer): Promise<RenderedSite | undefined> {
  return deps.site?.renderOffer(offer, deps.live.publicValuesFor(offer));
}

/** Saved apart from what is live; returns the size `/` would have, for the editor to show before publishing. */
export async function saveDraft(
  deps: OfferDeps,
  input: { offer: Offer; baseNumber: number; editor: DraftEditor; now: number },
): Promise<{ updatedAt: number; revision: number; landingBytes: number }> {
  const landingBytes = (await deps.site?.landingBytesOf(input.offer, deps.live.publicValuesFor(input.offer))) ?? 0;
  const revision = await saveDraftRow(deps.db, input.editor, {
    content: JSON.stringify(input.offer),
    baseNumber: input.baseNumber,
    updatedAt: input.now,
  });
  return { updatedAt: input.now, revision, landingBytes };
}

/** The draft as the page would be, for the console's preview frame; `undefined` without a draft or a build. */
export async function previewDraft(deps: OfferDeps, page: OfferPage, editor: string): Promise<string | undefined> {
  const draft = await findDraft(deps.db, editor);
  const offer = draft ? parseStoredOffer(draft.content) : deps.live.current().offer;
  return deps.site?.previewDocument(page, offer, deps.live.publicValuesFor(offer));
}

export type PublishResult =
  | { kind: 'published'; number: number; landingBytes: number }
  | { kind: 'changed' }
  /** This editor's draft was saved again after the revision its preview showed (another tab of the same session). */
  | { kind: 'draft_changed' }
  /** The draft and a newer live version changed the same fields: the draft laid on `liveNumber`, and those fields. */
  | { kind: 'conflict'; liveNumber: number; merged: Offer; conflicts: OfferConflict[] }
  | { kind: 'too_large'; landingBytes: number }
  /** The provider's catalogue decides the price (`livePriceCents`, what the PIX charges): not changed here. */
  | { kind: 'price_from_provider'; chargedCents: number }
  /** "de R$ X" refused: X was live for only `days` of the last 90 (offer/reference-price.ts). */
  | { kind: 'reference_price'; referencePriceCents: number; days: number }
  /** Sentences that claim a price, a discount or a guarantee the shop does not give (shared/copy-claims.ts). */
  | { kind: 'copy_claims'; findings: CopyFinding[] }
  | { kind: 'not_found' };

/** A price other than the catalogue's, or a reference price not really charged, is refused at publish and restore. */
async function priceRefusal(deps: OfferDeps, offer: Offer, baseNumber: number, now: number): Promise<PublishResult | undefined> {
  const live = await pricesOfVersion(deps.db, baseNumber);
  if (deps.cataloguePrice && live && offer.product.priceCents !== live.product.priceCents)
    // TriboPay unreachable: the refusal stands, with the price the page shows.
    return { kind: 'price_from_provider', chargedCents: await deps.cataloguePrice().catch(() => live.product.priceCents) };
  const { referencePriceCents } = offer.product;
  const shortfall = await referencePriceShortfall(deps.db, referencePriceCents, now);
  return shortfall ? { kind: 'reference_price', referencePriceCents, days: shortfall.days } : undefined;
}

/** The page's copy against what the shop gives: the same rule as an A/B version's (experiments/experiment-service.ts). */
export function offerCopyFindings(deps: Pick<OfferDeps, 'live'>, offer: Offer): CopyFinding[] {
  return copyFindings(offer, shopFactsOf(offer, Number(deps.live.publicValuesFor(offer).guaranteeDays), itemPrices));
}

/** Another publish after `baseNumber` makes this one `changed`, never a silent overwrite. */
async function publishVersion(
  deps: OfferDeps,
  input: { offer: Offer; baseNumber: number; session: string; now: number; restoredFrom: number | null },
): Promise<PublishResult> {
  if ((await liveVersionNumber(deps.db)) !== input.baseNumber) return { kind: 'changed' };
  const refused = await priceRefusal(deps, input.offer, input.baseNumber, input.now);
  if (refused) return refused;
  const findings = offerCopyFindings(deps, input.offer);
  if (findings.length > 0) return { kind: 'copy_claims', findings };
  const rendered = await render(deps, input.offer);
  const landingBytes = rendered?.landingBrotliBytes ?? 0;
  if (landingBytes > LANDING_BUDGET_BYTES) return { kind: 'too_large', landingBytes };
  const content = JSON.stringify(input.offer);
  const number = input.baseNumber + 1;
  const taken = await insertVersion(deps.db, {
    number,
    content,
    publishedAt: input.now,
    publishedBy: input.session,
    restoredFrom: input.restoredFrom,
    landingBytes,
  });
  if (taken === 'taken') return { kind: 'changed' };
  if (rendered) await deps.live.adopt({ number, offer: input.offer }, rendered);
  else await deps.live.check();
  return { kind: 'published', number, landingBytes };
}

/**
 * Publishes this editor's draft at the revision its preview showed, which is then gone: the editor starts again from
 * the live version. Another editor's draft is never read. When another publish came after the draft's base, the
 * draft is merged onto it field by field (shared/offer-merge.ts): published when no field was changed by both,
 * otherwise `conflict`, nothing published.
 */
export async function publishDraft(
  deps: OfferDeps,
  input: { revision: number | undefined; editor: DraftEditor; now: number },
): Promise<PublishResult> {
  const draft = await findDraft(deps.db, input.editor.session);
  if (!draft) return { kind: 'not_found' };
  if (input.revision !== undefined && draft.revision !== input.revision) return { kind: 'draft_changed' };
  let offer = parseStoredOffer(draft.content);
  const liveNumber = await liveVersionNumber(deps.db);
  if (liveNumber !== draft.baseNumber) {
    const [base, theirs] = await Promise.all([versionOffer(deps, draft.baseNumber), versionOffer(deps, liveNumber)]);
    if (!base || !theirs) return { kind: 'changed' };
    const merged = mergeOffers(base, theirs, offer);
    // The console's preview showed the draft, not the merge: a merge that changes it is shown first, never published unseen.
    const unseen = input.revision !== undefined && JSON.stringify(merged.offer) !== JSON.stringify(offer);
    if (merged.conflicts.length > 0 || unseen) return { kind: 'conflict', liveNumber, merged: merged.offer, conflicts: merged.conflicts };
    offer = merged.offer;
  }
  const result = await publishVersion(deps, {
    offer,
    baseNumber: liveNumber,
    session: input.editor.session,
    now: input.now,
    restoredFrom: null,
  });
  if (result.kind === 'published') await deleteDraft(deps.db, input.editor.session, draft.revision);
  return result;
}

/** A whole offer published as the next version (an A/B test's winner, experiments/): the same checks as a draft's. */
export function publishOffer(
  deps: OfferDeps,
  input: { offer: Offer; baseNumber: number; session: string; now: number },
): Promise<PublishResult> {
  return publishVersion(deps, { ...input, restoredFrom: null });
}

/** "Restaurar": an earlier version published again, as a new version. */
export async function restoreVersion(
  deps: OfferDeps,
  input: { number: number; baseNumber: number; session: string; now: number },
): Promise<PublishResult> {
  const offer = input.number === 0 ? offerDefaults : (await findVersion(deps.db, input.number))?.content;
  if (offer === undefined) return { kind: 'not_found' };
  return publishVersion(deps, {
    offer: typeof offer === 'string' ? parseStoredOffer(offer) : offer,
    baseNumber: input.baseNumber,
    session: input.session,
    now: input.now,
    restoredFrom: input.number,
  });
}

export async function discardDraft(deps: OfferDeps, editor: string): Promise<void> {
  await deleteDraft(deps.db, editor);
}
