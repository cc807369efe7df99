/**
 * Prerendered pages paint before their JavaScript runs, so a visitor on a slow phone can tap
 * "Sim, quero!" or a buy button before React is attached — and that tap would be lost. An inline
 * script (see scripts/prerender.ts) holds on to the last button tapped before hydration, and the
 * page clicks it again once it is live (React hydration keeps the same DOM nodes).
 *
 * Whole-page hydration (every page but `/`) is live once `replayEarlyClick` ran. On the landing
 * page each island is live on its own (`data-hydrated`, lib/hydrate-islands.tsx): a tap on a button
 * or link of an island not yet live is held, announced with EARLY_CLICK_EVENT, and the island is
 * hydrated at once; elements outside islands are plain HTML and never held.
 */
// Short: the script is bytes of every page's first round trip.
const QUEUE = '__vEarly';
const READY = '__vLive';
export const EARLY_CLICK_EVENT = 'v:early';

export function earlyClickScript(): string {
  // First, a button that controls a dialog (the landing page's buy buttons, lib/checkout-opener.ts)
  // opens it, live or not, and once that frame is painted makes everything else inert (each
  // ancestor's other children) until it closes, then gives the button back its focus (the browser's own return finds it inert). Then the island check: landing-page links are held
  // only inside islands, and a click with a modifier (new tab) is left to the browser. So is a
  // submit its form's own constraints refuse (the browser says why), and a button's command
  // (`command`/`commandfor`: the checkout's close button): the tap is held for its island all the same.
  return (
    `document.addEventListener("click",function(e){var t=e.target,b=t&&t.closest&&t.closest("button,a[href]");if(!b)return;` +
    `var d=document.getElementById(b.getAttribute("aria-controls")),s=[];d&&d.show&&!d.open&&(d.show(),requestAnimationFrame(function(){setTimeout(function(){` +
    `if(d.open){for(var n=d;n!=document.body;n=n.parentNode)for(var c of n.parentNode.children)c==n||c.inert||(c.inert=!0,s.push(c));` +
    `d.addEventListener("close",function(){s.forEach(function(c){c.inert=!1});b.focus()},{once:!0})}})}));` +
    `var i=b.closest("[data-island]");if(i?i.hasAttribute("data-hydrated"):window.${READY}||b.tagName=="A")return;` +
    `if(e.button||e.ctrlKey||e.metaKey||e.shiftKey||e.altKey||b.form&&b.type=="submit"&&!b.form.checkValidity())return;` +
    `b.getAttribute("command")||e.preventDefault();e.stopPropagation();window.${QUEUE}=b;document.dispatchEvent(new Event("${EARLY_CLICK_EVENT}"))},true)`
  );
}

type EarlyWindow = Window & { [QUEUE]?: HTMLElement; [READY]?: boolean };

/** The element tapped before it was live, if any; each tap is handed out once. */
export function takeEarlyClick(): HTMLElement | undefined {
  const win = window as EarlyWindow;
  const target = win[QUEUE];
  delete win[QUEUE];
  return target;
}

/**
 * Everything outside islands is live from now on: a whole-page app once hydrated, or the landing
 * page once its script runs (there, only roots rendered by the script itself live outside islands).
 */
export function markPageLive(): void {
  (window as EarlyWindow)[READY] = true;
}

/** Called once a whole-page app is hydrated: from now on clicks go straight to React. */
export function replayEarlyClick(): void {
  markPageLive();
  const button = takeEarlyClick();
  if (button?.isConnected) button.click();
}
