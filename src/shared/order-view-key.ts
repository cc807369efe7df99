/** Proves the creating tab (GET /api/orders/:id); own module, the status poll must not load checkout schemas. */
export const ORDER_VIEW_KEY_HEADER = 'X-Order-Key';
