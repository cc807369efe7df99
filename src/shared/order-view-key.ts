/**
 * The header with which the tab that created an order proves it (GET /api/orders/:id). A module
 * of its own: the modal's status poll needs it, not the checkout's schemas (shared/checkout.ts).
 */
export const ORDER_VIEW_KEY_HEADER = 'X-Order-Key';
