import type { Kysely } from 'kysely';
import { reviewsSection } from '../../content/reviews-section.ts';
import { escapeHtml } from '../../shared/html.ts';
import type { BrazilState } from '../../shared/reviews.ts';
import { REVIEW_ITEM_CLASS, REVIEW_LIST_CLASS, REVIEWS_MARKER } from '../../shared/reviews-marker.ts';
import { BUSINESS_TIME_ZONE } from '../../shared/time.ts';
import type { Database } from '../db/schema.ts';
import { pageFile, type Site } from '../http/site.ts';
import type { Logger } from '../lib/logger.ts';
import { publishedFingerprint, shownInOrder } from './reviews-repository.ts';
import { paths } from '../../shared/routes.ts';

/** Rendered on the server into `/` (docs/reviews.md): in the first byte, no fetch, no script, no layout shift. */

export interface LandingReview {
  rating: number;
  text: string;
  displayName: string;
  city: string | null;
  state: BrazilState | null;
  photoUrl: string | null;
  purchasedAt: number;
  shownSince: number;
}

/** Cards on the page; the header's average and count cover every published review. */
export const LANDING_REVIEWS_SHOWN = 12;

export async function listPublishedReviews(db: Kysely<Database>): Promise<LandingReview[]> {
  const rows = await shownInOrder(db);
  return rows.map((row) => ({
    rating: Number(row.rating),
    text: row.text,
    displayName: row.display_name,
    city: row.city,
    state: row.state,
    photoUrl: row.photo_url,
    purchasedAt: Number(row.purchased_at),
    shownSince: Number(row.published_at ?? row.created_at),
  }));
}

const monthFormat = new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: BUSINESS_TIME_ZONE });
const relativeFormat = new Intl.RelativeTimeFormat('pt-BR', { numeric: 'always' });
const averageFormat = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

const DAY = 24 * 60 * 60 * 1000;

/** "há 2 semanas": days under a week, weeks under a month, months under a year, then years. */
export function timeAgo(since: number, now: number): string {
  const days = Math.max(0, Math.floor((now - since) / DAY));
  if (days === 0) return reviewsSection.today;
  if (days < 7) return relativeFormat.format(-days, 'day');
  if (days < 30) return relativeFormat.format(-Math.floor(days / 7), 'week');
  if (days < 365) return relativeFormat.format(-Math.floor(days / 30), 'month');
  return relativeFormat.format(-Math.floor(days / 365), 'year');
}

/** lucide's "star" (this HTML is built without React), drawn once per section and used by each of its stars (35 for six cards). */
const STAR_ID = 'review-star';
const STAR_SYMBOL = `<svg width="0" height="0" aria-hidden="true" style="position:absolute"><symbol id="${STAR_ID}" viewBox="0 0 24 24"><path d="M11.525 2.295a.53.53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166.756a.53.53 0 0 1 .294.904l-3.736 3.638a2.123 2.123 0 0 0-.611 1.878l.882 5.14a.53.53 0 0 1-.771.56l-4.618-2.428a2.122 2.122 0 0 0-1.973 0L6.396 21.01a.53.53 0 0 1-.77-.56l.881-5.139a2.122 2.122 0 0 0-.611-1.879L2.16 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.122 2.122 0 0 0 1.597-1.16z"/></symbol></svg>`;

function star(filled: boolean): string {
  const color = filled ? 'fill-current text-amber-400' : 'text-slate-600';
  return `<svg aria-hidden="true" class="size-4 ${color}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><use href="#${STAR_ID}"/></svg>`;
}

function stars(rating: number, label: string): string {
  const shown = Math.round(rating);
  const glyphs = [1, 2, 3, 4, 5].map((index) => star(index <= shown)).join('');
  return `<span role="img" aria-label="${escapeHtml(label)}" class="flex items-center gap-0.5">${glyphs}</span>`;
}

/** Only a site-relative or https photo; anything else is left out rather than linked. */
function safePhotoUrl(url: string | null): string | null {
  if (!url) return null;
  return url.startsWith('/') || url.startsWith('https://') ? url : null;
}

function avatar(review: LandingReview): string {
  const photo = safePhotoUrl(review.photoUrl);
  if (photo) {
    return `<img src="${escapeHtml(photo)}" alt="${escapeHtml(reviewsSection.photoAlt(review.displayName))}" width="48" height="48" loading="lazy" decoding="async" class="size-12 shrink-0 rounded-full object-cover" />`;
  }
  return `<span aria-hidden="true" class="grid size-12 shrink-0 place-items-center rounded-full bg-brand-500/15 text-lg font-black text-brand-300">${escapeHtml(review.displayName.charAt(0))}</span>`;
}

function place(review: LandingReview): string {
  const parts = [review.city, review.state].filter((part): part is string => Boolean(part));
  return parts.join('/');
}

/** One card: the same anatomy and classes as the seller's testimonials (client/landing/testimonials.tsx). */
function card(review: LandingReview, now: number): string {
  const where = place(review);
  const detail = [where, timeAgo(review.shownSince, now)].filter(Boolean).join(' · ');
  return [
    `<li class="${REVIEW_ITEM_CLASS}"><figure class="flex h-full flex-col rounded-2xl border border-line bg-ink-850/80 p-5">`,
    stars(review.rating, reviewsSection.rating(review.rating)),
    `<blockquote class="mt-3 flex-1 text-pretty text-slate-200">${escapeHtml(review.text)}</blockquote>`,
    `<p class="mt-4 self-start rounded-full bg-brand-500/15 px-3 py-1 text-xs font-bold text-brand-300">${escapeHtml(
      reviewsSection.verified(monthFormat.format(new Date(review.purchasedAt))),
    )}</p>`,
    '<figcaption class="mt-4 flex items-center gap-3 border-t border-line/70 pt-4">',
    avatar(review),
    '<span class="min-w-0">',
    `<span class="block font-bold text-white">${escapeHtml(review.displayName)}</span>`,
    `<span class="flex items-center gap-1 text-xs text-slate-400">${escapeHtml(detail)}</span>`,
    '</span></figcaption></figure></li>',
  ].join('');
}

export function renderReviewsSection(reviews: readonly LandingReview[], options: { minimum: number; now: number }): string {
  if (reviews.length === 0 || reviews.length < options.minimum) return '';
  const average = averageFormat.format(reviews.reduce((sum, review) => sum + review.rating, 0) / reviews.length);
  const cards = reviews
    .slice(0, LANDING_REVIEWS_SHOWN)
    .map((review) => card(review, options.now))
    .join('');
  // The heading's classes are SectionHeading's (client/ui/section-heading.tsx).
  return [
    '<section aria-labelledby="reviews-title" class="border-y border-line/60 bg-ink-900/60 px-5 py-16"><div class="mx-auto max-w-5xl">',
    STAR_SYMBOL,
    '<div class="mx-auto max-w-2xl text-center">',
    `<p class="text-xs font-bold tracking-[0.2em] text-brand-400 uppercase">${escapeHtml(reviewsSection.eyebrow)}</p>`,
    `<h2 id="reviews-title" class="mt-2 text-3xl leading-tight font-black text-balance text-white sm:text-4xl">${escapeHtml(reviewsSection.title)}</h2>`,
    '<div class="mt-3 flex items-center justify-center gap-2 text-base text-pretty text-slate-400 sm:text-lg">',
    stars(Number(average.replace(',', '.')), reviewsSection.averageRating(average)),
    `<p>${escapeHtml(reviewsSection.summary(average, reviews.length))}</p>`,
    '</div></div>',
    `<ul class="${REVIEW_LIST_CLASS}">${cards}</ul>`,
    '</div></section>',
  ].join('');
}

/** Its "há 2 dias" moves on. */
export const REVIEWS_REFRESH_MS = 30_000;

/** A change made on another instance reaches this one's `/` within this. */
export const REVIEWS_CHECK_MS = 2_000;

/** Refreshes run one at a time, so an older read never overwrites a newer one. */
export function createLandingReviews(deps: {
  db: Kysely<Database>;
  site: Site | undefined;
  minimum: number;
  now: () => number;
  logger: Logger;
}): { refresh(): Promise<void>; check(): Promise<void> } {
  let last: Promise<void> = Promise.resolve();
  let rendered: string | undefined;
  const landing = pageFile(paths.landing);
  const warn = (error: unknown) =>
    deps.logger.warn('Landing reviews not refreshed', { error: error instanceof Error ? error.message : String(error) });
  const refreshOnce = async () => {
    if (!deps.site) return;
    try {
      // The fingerprint first: a change landing between the two reads is seen at the next check.
      const fingerprint = await publishedFingerprint(deps.db);
      const fragment = renderReviewsSection(await listPublishedReviews(deps.db), { minimum: deps.minimum, now: deps.now() });
      await deps.site.fillSlot(landing, REVIEWS_MARKER, fragment);
      rendered = fingerprint;
    } catch (error) {
      warn(error);
    }
  };
  const refresh = () => {
    last = last.then(refreshOnce);
    return last;
  };
  return {
    refresh,
    async check() {
      if (!deps.site) return;
      const fingerprint = await publishedFingerprint(deps.db).catch((error: unknown) => {
        warn(error);
        return rendered;
      });
      if (fingerprint !== rendered) await refresh();
    },
  };
}
