/**
 * Prerendered pages start their JavaScript only after their first contentful paint: an inline
 * script (the same text on every page, see scripts/prerender.ts) waits for that paint and one
 * more frame, then adds the page's module preloads and its entry module, named in its own
 * `data-entry` and `data-preload` attributes, at low priority. Lighthouse's simulation counts
 * every script that finished loading before the largest paint as a cause of that paint (which
 * pushed `/presell` from 0.7 s to 1.2 s on the slow phone profile); started after the paint, the
 * scripts can only come after it. Pages with nothing to paint before their script (`data-now`, the
 * client-rendered console) start at once. A tap before the scripts run is kept (lib/early-clicks.ts).
 */
export function entryLoaderScript(): string {
  return (
    '(function(c){var d=document,started=0;function go(){if(started++)return;' +
    'var p=(c.getAttribute("data-preload")||"").split(" ").filter(Boolean);' +
    'p.forEach(function(u){var l=d.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.fetchPriority="low";l.href=u;d.head.appendChild(l)});' +
    'var s=d.createElement("script");s.type="module";s.crossOrigin="";s.fetchPriority="low";s.src=c.getAttribute("data-entry");d.head.appendChild(s)}' +
    'function later(){requestAnimationFrame(function(){setTimeout(go,0)})}' +
    'if(c.hasAttribute("data-now")||typeof PerformanceObserver!="function")return go();' +
    'try{new PerformanceObserver(function(list,o){if(list.getEntriesByName("first-contentful-paint").length){o.disconnect();later()}}).observe({type:"paint",buffered:true})}catch(e){later()}' +
    '})(document.currentScript)'
  );
}
