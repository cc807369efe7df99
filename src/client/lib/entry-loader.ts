/**
 * Set on `<html>` from the page's head, where the page's own part leaves its later sections to the
 * rest of the stylesheet (scripts/prerender.ts): styles.css keeps those sections undrawn while it
 * is there, and the loader removes it once the rest of the stylesheet is in, or failed to load
 * (the sections then show with the page's part alone rather than never).
 */
export const REST_CSS_PENDING = 'data-styles-pending';

/** The head's part of it: inline, it runs before the body is parsed, so nothing is drawn unstyled. */
export function markRestCssPendingScript(): string {
  return `document.documentElement.setAttribute("${REST_CSS_PENDING}","")`;
}

/** What a page's loader starts: see scripts/prerender.ts. */
export interface LoaderFiles {
  /** The page's entry module. */
  entry: string;
  /** The entry's static imports, preloaded with it. */
  preload: readonly string[];
  /** On `/`, the checkout's files, fetched once the page is loaded and idle. */
  checkout: readonly string[];
  /** The rest of the site's stylesheet, where the page inlines only its own part. */
  css: string | null;
  /** A page that paints nothing before its script (the client-rendered console): at once. */
  now: boolean;
  /** The icon sprite, where the page's icons draw from symbols in the page (ui/icon.tsx): added to it once fetched. */
  sprite: string | null;
}

/**
 * Prerendered pages start their JavaScript only after their first contentful paint, and fetch even
 * this loader only once loaded (`loaderStartScript`, in the page's head script): Lighthouse's
 * simulation counts every request that started before the largest paint as a cause of that paint
 * (which pushed `/presell` from 0.7 s to 1.2 s on the slow phone profile), and this file inline
 * would cost the document its first round trip (docs/benchmarks.md). Once that paint and one more
 * frame are past, it adds the page's module preloads and its entry module at low priority, and
 * names the entry on its own element (`data-entry`). Pages with nothing to paint before their
 * script (the client-rendered console) carry it inline and start at once. A tap before the scripts
 * run is kept (lib/early-clicks.ts). The landing page's checkout files are preloaded once the page
 * is loaded and idle.
 */
export function entryLoaderScript(files: LoaderFiles): string {
  return (
    '(function(c,f){var d=document,w=window,started=0;' +
    'function pre(list){list.forEach(function(u){var l=d.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.fetchPriority="low";l.href=u;d.head.appendChild(l)})}' +
    // The checkout's files: fetched and compiled, not run, once the entry has run and the page has
    // loaded and is idle (docs/benchmarks.md, "Tap to PIX"). Without the entry's own load first, a
    // page whose load event comes before its first paint fetched them ahead of its own scripts.
    'function idle(){(w.requestIdleCallback||setTimeout)(function(){pre(f.checkout)},{timeout:2000})}' +
    'function ready(){d.readyState=="complete"?idle():w.addEventListener("load",idle)}' +
    // Inserted by a script, the rest of the stylesheet blocks no paint; the roots rendered on first
    // use wait for it (lib/rest-of-stylesheet.ts).
    'function css(){var h=f.css;if(h){var l=d.createElement("link");l.rel="stylesheet";l.href=h;l.setAttribute("data-rest-css","");' +
    `l.onload=l.onerror=function(){d.documentElement.removeAttribute("${REST_CSS_PENDING}")};d.head.appendChild(l)}}` +
    // The sprite's symbols, for the icons drawn with `<use href="#…">` (ui/icon.tsx): a hidden part of the page.
    'function icons(){var u=f.sprite;u&&fetch(u).then(function(r){return r.ok?r.text():""}).then(function(t){var s=d.createElement("div");s.hidden=!0;s.innerHTML=t;d.body.append(s)},function(){})}' +
    'function go(){if(started++)return;css();icons();pre(f.preload);' +
    'var s=d.createElement("script");s.type="module";s.crossOrigin="";s.fetchPriority="low";s.onload=ready;s.src=f.entry;d.head.appendChild(s)}' +
    'function later(){requestAnimationFrame(function(){setTimeout(go,0)})}' +
    'c&&c.setAttribute("data-entry",f.entry);if(f.now||typeof PerformanceObserver!="function")return go();' +
    'try{new PerformanceObserver(function(list,o){if(list.getEntriesByName("first-contentful-paint").length){o.disconnect();later()}}).observe({type:"paint",buffered:true})}catch(e){later()}' +
    `})(document.currentScript,${JSON.stringify(files)})`
  );
}

/** The files a page's loader names (tests and the bench read them from its text). */
export function loaderFilesOf(script: string): LoaderFiles | null {
  const json = /,(\{"entry"[^\n]*\})\)$/.exec(script)?.[1];
  return json ? (JSON.parse(json) as LoaderFiles) : null;
}

/**
 * The head script's part that fetches a prerendered page's loader once the page has loaded and its
 * first contentful paint is reported: a small page's load event can come before that paint, and a
 * request started in the frame before it is one Lighthouse counts as a cause of the largest paint
 * (docs/benchmarks.md). Where no paint is reported (a browser without paint timing, a tab opened
 * in the background), 3 s after the load event.
 */
export function loaderStartScript(file: string): string {
  return (
    'addEventListener("load",function(){var n=0;function s(){n++||document.head.append(Object.assign(document.createElement("script"),{src:' +
    `${JSON.stringify(file)}}))}` +
    'try{new PerformanceObserver(function(l){l.getEntriesByName("first-contentful-paint").length&&setTimeout(s)}).observe({type:"paint",buffered:!0})}catch(e){}setTimeout(s,3e3)})'
  );
}

/** The loader a prerendered page fetches, named in its head script. */
export function loaderFileOf(html: string): string | null {
  return /\{src:"(\/assets\/entry-loader-[^"]+)"\}/.exec(html)?.[1] ?? null;
}
