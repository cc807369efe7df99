/** The server splices the published reviews in its place; a comment leaves nothing for React to hydrate. */
export const REVIEWS_MARKER = '<!--vitrine-reviews-->';

export const REVIEW_LIST_CLASS = 'mt-10 flex flex-wrap justify-center gap-4';
export const REVIEW_ITEM_CLASS = 'w-full sm:w-[calc((100%-1rem)/2)] lg:w-[calc((100%-2rem)/3)]';
