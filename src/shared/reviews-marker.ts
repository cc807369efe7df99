/**
 * Where the landing page's verified reviews go: the prerendered `/` carries this comment inside
 * section 6 and the server splices the published reviews' section in its place
 * (server/reviews/landing-reviews.ts). A comment: no box, nothing for React to hydrate.
 */
export const REVIEWS_MARKER = '<!--vitrine-reviews-->';
