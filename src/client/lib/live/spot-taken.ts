/**
 * Fired on `window` when the buyer's payment is confirmed: a spot is taken, so the live signals ask
 * again. A module of its own, so the checkout can fire it without importing the live store: the
 * store then stays in the landing page's own script, and the pre-sell page, which shows no live
 * signal, does not download it in the file the pages share (vite.config.ts).
 */
export const SPOT_TAKEN_EVENT = 'vitrine:spot-taken';
