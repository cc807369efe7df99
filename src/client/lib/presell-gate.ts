/**
 * The pre-sell gate (docs/product.md#the-journey): `/` is for visitors who answered "Sim, quero!" on `/presell`.
 * The same check runs twice: inline in the landing page's <head> (before anything paints, see
 * scripts/prerender.ts) and in the client router for in-app navigation.
 */
export const PRESELL_FLAG = 'presell_accepted';

export function hasAcceptedPresell(): boolean {
  try {
    return window.localStorage.getItem(PRESELL_FLAG) !== null;
  } catch {
    // Storage disabled (private mode in some browsers): never lock a visitor out of the offer.
    return true;
  }
}

export function acceptPresell(): void {
  try {
    window.localStorage.setItem(PRESELL_FLAG, 'true');
  } catch {
    // Without storage the visitor is let through anyway (see hasAcceptedPresell).
  }
}

/**
 * Inline script for the landing page's <head>: hides the document and replaces the URL before the
 * first paint when the flag is missing, so the landing page never flashes.
 */
export function presellGateScript(presellPath: string): string {
  const flag = JSON.stringify(PRESELL_FLAG);
  const target = JSON.stringify(presellPath);
  return `try{if(localStorage.getItem(${flag})===null){document.documentElement.style.visibility="hidden";location.replace(${target}+location.search+location.hash)}}catch(e){}`;
}
