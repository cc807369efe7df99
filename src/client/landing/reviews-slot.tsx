import { REVIEWS_MARKER } from '../../shared/reviews-marker.ts';

/**
 * Section 6's verified reviews: only a marker at build time, where the server splices the published
 * reviews' section (server/reviews/landing-reviews.ts), or nothing. Static HTML outside every island,
 * so no React root hydrates over the spliced markup; the wrapper has no box of its own.
 */
export function ReviewsSlot() {
  return <div className="contents" dangerouslySetInnerHTML={{ __html: REVIEWS_MARKER }} />;
}
