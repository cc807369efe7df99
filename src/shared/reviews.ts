import { text, z } from './zod.ts';

/**
 * Verified-buyer reviews (docs/reviews.md): what the review page, the member page, the console
 * and the server agree on. The Portuguese words live in content/reviews.ts.
 */

export const REVIEW_TEXT_MIN = 20;
export const REVIEW_TEXT_MAX = 500;

/** Brazil's states, as a review's optional place shows them ("Recife/PE"). */
export const BRAZIL_STATES = [
  'AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA', 'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR',
  'SC', 'SP', 'SE', 'TO',
] as const; // prettier-ignore
export type BrazilState = (typeof BRAZIL_STATES)[number];

/** What the buyer sends from the review page or the member page; the consent to publish is required. */
export const ReviewInputSchema = z.object({
  rating: z.number().int().min(1).max(5),
  text: text(z.string().trim().min(REVIEW_TEXT_MIN).max(REVIEW_TEXT_MAX), { written: 'lines' }),
  /** The name to show: first name plus initial, prefilled ("Joana P."). */
  displayName: text(z.string().trim().min(2).max(40), { written: 'line' }),
  city: text(z.string().trim().max(60), { written: 'line' }).optional(),
  state: z.enum(BRAZIL_STATES).optional(),
  consent: z.literal(true),
});
export type ReviewInput = z.infer<typeof ReviewInputSchema>;

/**
 * - `pending`: written (or edited) by the buyer, waiting for the seller;
 * - `published`: on the landing page;
 * - `hidden`: the seller chose not to show it;
 * - `withdrawn`: the buyer took it back (off the site at once; kept only as that fact).
 */
export type ReviewStatus = 'pending' | 'published' | 'hidden' | 'withdrawn';

/** A buyer's own review, as the review page and the member page show it back. */
export interface BuyerReview {
  rating: number;
  text: string;
  displayName: string;
  city: string | null;
  state: BrazilState | null;
  status: ReviewStatus;
  updatedAt: number;
}

/** The header with which the review page shows the e-mailed token (the URL fragment `#t=`). */
export const REVIEW_TOKEN_HEADER = 'X-Review-Token';

/** GET /api/reviews/:ref: the form's prefill and the buyer's review, if any. */
export interface ReviewPageReply {
  /** First name plus initial of the buyer's name ("Joana P."). */
  suggestedName: string;
  /** When the purchase was paid: the card will say "Compra verificada em {mês}". */
  purchasedAt: number;
  /**
   * A refund was asked for, is under way or was done: the review is off the site and the buyer may
   * only withdraw it (no new words).
   */
  refunded: boolean;
  review: BuyerReview | null;
}

/** The member page's review card: may the buyer write one, and theirs if written. */
export interface MemberReview {
  canReview: boolean;
  /** As ReviewPageReply's: off the site for a refund, withdraw only. */
  refunded: boolean;
  suggestedName: string;
  review: BuyerReview | null;
}

/** 200 from a review write (review page or member page). */
export interface ReviewReply {
  review: BuyerReview;
}

/** One review as the console's "Depoimentos" lists it. */
export interface AdminReview extends BuyerReview {
  orderId: string;
  /** Its purchase was refunded (or a refund is asked for or under way): not on the site whatever its status. */
  hiddenByRefund: boolean;
  /**
   * A digest of what the seller reads (rating, text, name, place). "Publicar" sends back the one
   * the list showed, so words the buyer saved since are never published unread.
   */
  contentKey: string;
  /** The seller's order of the published ones (0 first); null for the others. */
  position: number | null;
  purchasedAt: number;
  createdAt: number;
  publishedAt: number | null;
}

export interface AdminReviewList {
  reviews: AdminReview[];
  /** Average rating of the published reviews (null with none), and how many are published. */
  averageRating: number | null;
  publishedCount: number;
  /** REVIEWS_MIN: the landing page shows the section from this many published reviews. */
  minimumToShow: number;
}

/** POST /api/admin/reviews/:orderId/publish: the contentKey of the review as the list showed it. */
export const AdminReviewPublishSchema = z.object({ contentKey: text(z.string().min(1).max(64)) });

/** POST /api/admin/reviews/order: the published reviews in the seller's order. */
export const AdminReviewOrderSchema = z.object({ orderIds: z.array(text(z.string().min(1).max(64))).max(500) });
