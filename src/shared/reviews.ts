import { list, text, z } from './zod.ts';

// docs/reviews.md

export const REVIEW_TEXT_MIN = 20;
export const REVIEW_TEXT_MAX = 500;

export const BRAZIL_STATES = [
  'AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA', 'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR',
  'SC', 'SP', 'SE', 'TO',
] as const; // prettier-ignore
export type BrazilState = (typeof BRAZIL_STATES)[number];

export const ReviewInputSchema = z.object({
  rating: z.number().int().min(1).max(5),
  text: text(z.string().trim().min(REVIEW_TEXT_MIN).max(REVIEW_TEXT_MAX), { written: 'lines' }),
  displayName: text(z.string().trim().min(2).max(40), { written: 'line' }),
  city: text(z.string().trim().max(60), { written: 'line' }).optional(),
  state: z.enum(BRAZIL_STATES).optional(),
  consent: z.literal(true),
});
export type ReviewInput = z.infer<typeof ReviewInputSchema>;

/** `withdrawn`: the buyer took it back; off the site at once, kept only as that fact. */
export type ReviewStatus = 'pending' | 'published' | 'hidden' | 'withdrawn';

export interface BuyerReview {
  rating: number;
  text: string;
  displayName: string;
  city: string | null;
  state: BrazilState | null;
  status: ReviewStatus;
  updatedAt: number;
}

/** From the e-mailed link's fragment `#t=`. */
export const REVIEW_TOKEN_HEADER = 'X-Review-Token';

export interface ReviewPageReply {
  suggestedName: string;
  purchasedAt: number;
  /** A refund was asked for or done: the review is off the site and may only be withdrawn. */
  refunded: boolean;
  review: BuyerReview | null;
}

export interface MemberReview {
  canReview: boolean;
  refunded: boolean;
  suggestedName: string;
  review: BuyerReview | null;
}

export interface ReviewReply {
  review: BuyerReview;
}

export interface AdminReview extends BuyerReview {
  orderId: string;
  /** A refund was asked for or done: not on the site whatever its status. */
  hiddenByRefund: boolean;
  /** "Publicar" sends back this digest, so words the buyer saved since are never published unread. */
  contentKey: string;
  position: number | null;
  purchasedAt: number;
  createdAt: number;
  publishedAt: number | null;
}

export interface AdminReviewList {
  reviews: AdminReview[];
  averageRating: number | null;
  publishedCount: number;
  /** REVIEWS_MIN. */
  minimumToShow: number;
}

export const AdminReviewPublishSchema = z.object({ contentKey: text(z.string().min(1).max(64)) });

export const AdminReviewOrderSchema = z.object({ orderIds: list(text(z.string().min(1).max(64)), 500) });
