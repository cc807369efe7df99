/** The landing page's checkout: a `<dialog>` prerendered closed into `/` (checkout/payment-modal.tsx). */
export const CHECKOUT_DIALOG_ID = 'checkout';

/**
 * The buy tap answers in the frame that follows it: the landing page's checkout form is in the
 * document, and its buy buttons open it with the Invoker Commands API, in the browser itself,
 * before any of the page's code has run and after. The early-click script still holds the tap for
 * the button's island (lib/early-clicks.ts), which then starts the checkout as before: its island
 * finds the dialog open and follows it. A browser without the API opens it once the island is live.
 *
 * Until the checkout's island is live its fields are plain inputs the buyer types into, the close
 * button closes it with its own command, Escape closes it, and "GERAR PIX" goes through the
 * browser's checks (`required`, `type="email"`, `pattern`); a submit they let through is held by
 * the early-click script, which hydrates the island at once and clicks it again, so the order is
 * made once, by the live form.
 */
export function checkoutCommand(command: 'show-modal' | 'close'): Record<string, string> {
  return { commandfor: CHECKOUT_DIALOG_ID, command };
}
