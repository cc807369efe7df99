/**
 * Where the landing page's verified reviews go: the prerendered `/` carries this comment inside
 * section 6 and the server splices the published reviews' section in its place
 * (server/reviews/landing-reviews.ts). A comment: no box, nothing for React to hydrate.
 */
export const REVIEWS_MARKER = '<!--vitrine-reviews-->';

/**
 * Section 6's list and card widths, shared by the server-rendered reviews and the seller's typed
 * testimonials: a wrapping row, centred, so one or two cards sit in the middle rather than at
 * the left of a three-column grid.
 */
export const REVIEW_LIST_CLASS = 'mt-10 flex flex-wrap justify-center gap-4';
export const REVIEW_ITEM_CLASS = 'w-full sm:w-[calc((100%-1rem)/2)] lg:w-[calc((100%-2rem)/3)]';
