/**
 * Prerendered pages paint before their JavaScript runs, so a visitor on a slow phone can tap
 * "Sim, quero!" or a buy button before React is attached — and that tap would be lost. An inline
 * script (see scripts/prerender.ts) holds on to the last button tapped before hydration, and the
 * app clicks it again once it is live (React hydration keeps the same DOM nodes).
 */
const QUEUE = '__vitrineEarlyClick';
const READY = '__vitrineHydrated';

export function earlyClickScript(): string {
  return `document.addEventListener("click",function(e){if(window.${READY})return;var b=e.target&&e.target.closest&&e.target.closest("button");if(b){e.preventDefault();window.${QUEUE}=b}},true)`;
}

type EarlyWindow = Window & { [QUEUE]?: HTMLElement; [READY]?: boolean };

/** Called once the app is hydrated: from now on clicks go straight to React. */
export function replayEarlyClick(): void {
  const win = window as EarlyWindow;
  win[READY] = true;
  const button = win[QUEUE];
  delete win[QUEUE];
  if (button?.isConnected) button.click();
}
