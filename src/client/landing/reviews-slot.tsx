import { useContext } from 'react';
import { REVIEWS_MARKER } from '../../shared/reviews-marker.ts';
import { OmitLaterSections } from './deferred-section.tsx';

/**
 * Section 6's verified reviews: only a marker at build time, where the server splices the published
 * reviews' section (server/reviews/landing-reviews.ts), or nothing. Static HTML outside every island,
 * so no React root hydrates over the spliced markup. Far below the fold, it is styled by the rest of
 * the stylesheet and not drawn before that is in (landing/deferred-section.tsx); with no height of
 * its own to hold, its box is the section's.
 */
export function ReviewsSlot() {
  const omit = useContext(OmitLaterSections);
  return <div data-later-styles="" dangerouslySetInnerHTML={omit ? undefined : { __html: REVIEWS_MARKER }} />;
}
