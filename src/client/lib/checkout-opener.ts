/** The landing page's checkout: a `<dialog>` prerendered closed into `/` (checkout/payment-modal.tsx). */
export const CHECKOUT_DIALOG_ID = 'checkout';

/**
 * The buy tap answers in the frame that follows it: the landing page's checkout form is in the
 * document, and its buy buttons (`aria-controls`, below) open it from the early-click script in the
 * page's head (lib/early-clicks.ts), before any of the page's code has run and after. It opens with
 * `show()`, not `showModal()`: making the page inert is a style recalculation of the whole document
 * that a slow phone spent in the tap's frame. The script makes the rest of the page inert once that
 * frame is painted (focus stays inside, a screen reader reads only the dialog, `aria-modal`), and
 * until it closes; `closedby="any"` closes it with Escape or a tap outside, and the sheet's shade
 * stands for the backdrop (styles.css). The button's own listener (landing/plain-buy-buttons.ts)
 * then starts the checkout, which finds the dialog open and follows it; a tap before the page's
 * script is held for it by the early-click script.
 *
 * Until the checkout's island is live its fields are plain inputs the buyer types into, the close
 * button closes it with its own command, and "GERAR PIX" goes through the browser's checks
 * (`required`, `type="email"`, `pattern`); a submit they let through is held by the early-click
 * script, which hydrates the island at once and clicks it again, so the order is made once, by the
 * live form.
 *
 * The closed dialog is laid out unseen once the rest of the stylesheet is in (styles.css), and the
 * page's loader styles it open once in the task that brings that stylesheet (`warm` in
 * lib/entry-loader.ts): the tap's frame then finds the open sheet's styles computed, and its style
 * recalculation took a third of the time on a slow phone (docs/benchmarks.md). The `open` attribute
 * is set and removed in one task, so nothing is painted, no event fires and focus stays where it is.
 */
export function opensCheckout(): Record<string, string> {
  return { 'aria-controls': CHECKOUT_DIALOG_ID };
}
