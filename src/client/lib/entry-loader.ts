/**
 * Set on `<html>` from the page's head, where the page's own part leaves its later sections to the
 * rest of the stylesheet (scripts/prerender.ts): styles.css keeps those sections undrawn while it
 * is there, and the loader removes it once the rest of the stylesheet is in, or failed to load
 * (the sections then show with the page's part alone rather than never).
 */
export const REST_CSS_PENDING = 'data-styles-pending';

/** Once the rest of the stylesheet is in, or failed to load: the sections waiting for it show (`d` is the document in both scripts). */
const restCssSettled = `function(){d.documentElement.removeAttribute("${REST_CSS_PENDING}")}`;

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
  /** The id of a closed dialog styled open once the rest of the stylesheet is in (lib/checkout-opener.ts). */
  warm: string | null;
}

/** The rest of the stylesheet's `<link>`, added by the page's head script (`loaderStartScript`) or by its loader. */
export const REST_CSS_ID = 'rest-css';

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
    // One file per idle moment: each link starts a request, some 1.5 ms of a slow phone's 4× CPU,
    // and all of them in one task kept a tap waiting 27 ms (docs/benchmarks.md).
    'function idle(list){list.length&&(w.requestIdleCallback||setTimeout)(function(){pre(list.slice(0,1));idle(list.slice(1))},{timeout:2000})}' +
    'function ready(){d.readyState=="complete"?idle(f.checkout):w.addEventListener("load",function(){idle(f.checkout)})}' +
    // Inserted by a script, the rest of the stylesheet blocks no paint; the roots rendered on first
    // use wait for it (lib/rest-of-stylesheet.ts). The head script requested it already, beside this
    // loader (`loaderStartScript`); a page whose loader is inline adds it here.
    `function css(){var h=f.css,l=d.getElementById("${REST_CSS_ID}");if(!h)return;` +
    `if(!l){l=d.createElement("link");l.rel="stylesheet";l.href=h;l.id="${REST_CSS_ID}";l.onload=l.onerror=${restCssSettled};d.head.appendChild(l)}` +
    // The landing page's checkout, styled open once in the task that brings the stylesheet: the buy
    // tap's frame then finds the open sheet's styles computed (lib/checkout-opener.ts).
    'l.sheet?warm():l.addEventListener("load",warm)}' +
    'function warm(){var c=f.warm&&d.getElementById(f.warm);c&&!c.open&&(c.setAttribute("open",""),c.getBoundingClientRect(),c.removeAttribute("open"))}' +
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
 * The head script's part that fetches a prerendered page's loader, and the rest of its stylesheet
 * beside it, once the page has loaded and its first contentful paint is reported: a small page's
 * load event can come before that paint, and a request started in the frame before it is one
 * Lighthouse counts as a cause of the largest paint (docs/benchmarks.md). Where no paint is reported
 * (a browser without paint timing, a tab opened in the background), 3 s after the load event. The
 * stylesheet is not left to the loader: that was one more round trip before the checkout could be
 * drawn, and a tap 0.5 s after the load event waited for it (docs/benchmarks.md).
 */
export function loaderStartScript(file: string, css: string | null): string {
  const stylesheet = css
    ? `,a("link",{href:${JSON.stringify(css)},rel:"stylesheet",id:"${REST_CSS_ID}",onload:r=${restCssSettled},onerror:r})`
    : '';
  return (
    'addEventListener("load",function(){var n=0,r,d=document;function a(t,o){d.head.append(Object.assign(d.createElement(t),o))}' +
    `function s(){n++||(a("script",{src:${JSON.stringify(file)}})${stylesheet})}` +
    'try{new PerformanceObserver(function(l){l.getEntriesByName("first-contentful-paint").length&&setTimeout(s)}).observe({type:"paint",buffered:!0})}catch(e){}setTimeout(s,3e3)})'
  );
}

/** The loader a prerendered page fetches, named in its head script. */
export function loaderFileOf(html: string): string | null {
  return /\{src:"(\/assets\/entry-loader-[^"]+)"\}/.exec(html)?.[1] ?? null;
}
