/** What the demo's sandbox (src/server/sandbox/, a fake of the demo provider's API) answers with; its token guards nothing of value, so it is fixed. */
export const SANDBOX_TOKEN = 'sandbox-token';
export const SANDBOX_PRODUCT_HASH = 'sandbox-product';
export const SANDBOX_OFFER_HASH = 'sandbox-offer';
