import { REST_CSS_ID } from './entry-loader.ts';

/**
 * A prerendered page inlines only the part of the stylesheet its own HTML and islands use; the page's
 * loader adds the whole stylesheet after the first paint (lib/entry-loader.ts, scripts/page-css.ts).
 * What renders outside the page's HTML on first use (the checkout, the catalogue popups, the cookie
 * notice) waits for it here. Resolves at once where the whole stylesheet is inline (no such link),
 * and also if the file fails to load: the root then renders rather than never.
 */
function restOfStylesheet(): Promise<void> {
  const link = document.getElementById(REST_CSS_ID);
  if (!(link instanceof HTMLLinkElement) || link.sheet) return Promise.resolve();
  return new Promise((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
  });
}

/** `load()` once the whole stylesheet is in. */
export function withRestOfStylesheet<T>(load: () => Promise<T>): Promise<T> {
  return Promise.all([load(), restOfStylesheet()]).then(([loaded]) => loaded);
}
