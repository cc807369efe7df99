import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CHECKOUT_DIALOG_ID } from '../src/client/lib/checkout-opener.ts';
import { earlyClickScript } from '../src/client/lib/early-clicks.ts';
import { entryLoaderScript, loaderStartScript, markRestCssPendingScript } from '../src/client/lib/entry-loader.ts';
import { presellGateScript } from '../src/client/lib/presell-gate.ts';
import type { RenderedPage } from '../src/client/entry-server.tsx';
import { documentHead, fillDocument, OFFER_DOCUMENTS_DIR, OFFER_PAGES } from '../src/shared/offer-pages.ts';
import { hasOwnEntry, pageKeys, pageName } from '../src/shared/route-lookup.ts';
import { documentFile, NOT_FOUND_ROUTE, paths, routes, type PageKey } from '../src/shared/routes.ts';
import { readChunkSources, readManifest, staticImportsOf, type Manifest } from './build-manifest.ts';
import { chunksStylingPage, purgeFor, sourcesOf, stringLiteralsOf } from './page-css.ts';

const rootDir = path.resolve(import.meta.dirname, '..');

/**
 * Turns the client build into finished documents: each prerendered route gets its HTML, title,
 * description, its part of the stylesheet inlined (no render-blocking request) and, at the end of <body>, a
 * loader that starts the entry script after the first paint, so nothing delays or precedes it.
 */

/**
 * `wholeCss` inlines the whole stylesheet in every page, as before pages had their own part of it
 * (the screenshots that compare the two, tests/e2e/visual-css.spec.ts, read such a build).
 */
export async function prerender(distDir: string, { wholeCss = false } = {}): Promise<string[]> {
  const clientDir = path.join(distDir, 'client');
  const templatePath = path.join(clientDir, 'index.html');
  let template = fs.readFileSync(templatePath, 'utf8');

  // The site's stylesheet, which the entry links to, is inlined: whole in the pages rendered in the
  // browser, and in each prerendered page only the part that page uses (scripts/page-css.ts).
  const stylesheets: string[] = [];
  template = template.replace(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g, (_tag, href: string) => {
    stylesheets.push(href);
    return '<!--app-style-->';
  });
  if (stylesheets.length !== 1) throw new Error(`prerender: the entry links ${stylesheets.length} stylesheets, not one`);
  const stylesheet = stylesheets[0]!;
  const siteCss = fs.readFileSync(path.join(clientDir, stylesheet), 'utf8');
  // Vite's entry module and its preloads are replaced by a loader that starts them after the
  // first paint (lib/entry-loader.ts); each page gets its entry from the build manifest.
  template = template.replace(/\s*<script type="module"[^>]*><\/script>/, '').replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  const manifest = readManifest(clientDir);
  const chunkSources = readChunkSources(clientDir);
  // The document's indentation is bytes of the first round trip (docs/benchmarks.md) that no one reads.
  template = template.replace('</body>', '<!--app-entry--></body>').replace(/>\s+</g, '><');

  const ssrEntry = pathToFileURL(path.join(distDir, 'ssr', 'entry-server.js')).href;
  const { render } = (await import(ssrEntry)) as {
    render: (key: PageKey, options?: { omitLaterSections?: boolean }) => Promise<RenderedPage>;
  };

  /**
   * The page's own part of the stylesheet: the rules its HTML, its head and the code that can
   * restyle it once it runs use (the source files of its chunks, from the build). Where the page has
   * sections styled later (landing/deferred-section.tsx, and the slot of the landing page's verified
   * reviews), the HTML is the page without them, and the code its entry and the chunks of the
   * islands left in it.
   */
  const literals = new Map<string, string>();
  const literalsOf = (file: string) => literals.get(file) ?? literals.set(file, stringLiteralsOf(file)).get(file)!;
  const pageCss = (key: PageKey, html: string, head: readonly string[], entryKey: string, laterSections: boolean) => {
    const roots = !hasOwnEntry(key)
      ? [`src/client/pages/${pageName(key)}-page.tsx`]
      : laterSections
        ? islandModules(manifest, sourcesOf(chunksStylingPage(manifest, entryKey, [], []), chunkSources), islandNames(html))
        : [entryKey];
    const chunks = chunksStylingPage(manifest, entryKey, roots, LATER_ROOTS);
    const sources = sourcesOf(chunks, chunkSources);
    const contents = [template, head.join(''), html, ...sources.map((file) => literalsOf(path.join(rootDir, file)))];
    return purgeFor(siteCss, contents);
  };

  const written: string[] = [];
  for (const key of pageKeys) {
    const page = await render(key);
    const file = documentFile(key);
    const { title: PAGE_TITLE, description: PAGE_DESCRIPTION, preload: PAGE_PRELOAD } = documentHead();
    const head = [
      // The seller's image that is the first screen's largest paint, when a version has one (entry-server.tsx).
      ...((OFFER_PAGES as readonly PageKey[]).includes(key) ? [PAGE_PRELOAD] : []),
      `<title>${PAGE_TITLE}</title>`,
      `<meta name="description" content="${PAGE_DESCRIPTION}" />`,
      `<meta property="og:title" content="${PAGE_TITLE}" />`,
      `<meta property="og:description" content="${PAGE_DESCRIPTION}" />`,
      `<meta property="og:locale" content="pt_BR" />`,
    ];
    // Private pages (the member area and its dead links, the console, one buyer's order): never listed.
    const robots = key === NOT_FOUND_ROUTE ? undefined : routes[key].robots;
    if (robots) head.push(`<meta name="robots" content="${robots}" />`);
    // The landing and pre-sell pages' entries hydrate islands only, without the router or the
    // whole-page app (vite.config.ts builds them). A page rendered in the browser only paints after its script.
    const entryKey = hasOwnEntry(key) ? `src/client/${pageName(key)}-main.tsx` : 'index.html';
    // A page rendered in the browser paints nothing before its script: it keeps the whole stylesheet.
    const now = page.html === '';
    const ownPart = !wholeCss && !now;
    // Sections styled later: what the page's own part styles is the page rendered without them.
    const laterSections = ownPart && page.html.includes(LATER_STYLES);
    // Icons drawn from symbols in the page (ui/icon.tsx): its loader adds the sprite's.
    const sprite = page.html.includes(IN_PAGE_ICON) ? iconSprite(clientDir) : null;
    const loader = entryLoader(manifest, clientDir, entryKey, {
      now,
      later: key === 'landing' ? CHECKOUT_MODULES : [],
      restCss: ownPart ? stylesheet : null,
      sprite,
      warm: page.html.includes(`id="${CHECKOUT_DIALOG_ID}"`) ? CHECKOUT_DIALOG_ID : null,
    });
    // One inline script in the head (one hash in the page's policy): the pre-sell gate runs before the
    // stylesheet and body are parsed, so the landing page never flashes.
    const headScript = [
      key === 'landing' ? presellGateScript(paths.presell) : '',
      laterSections ? markRestCssPendingScript() : '',
      earlyClickScript(),
      loader.head,
    ].filter(Boolean);
    head.push(`<script>${headScript.join(';')}</script>`);
    // Without scripts, nothing loads the rest of the stylesheet and nothing marks sections as waiting for it.
    if (laterSections) head.push(`<noscript><link rel="stylesheet" href="${stylesheet}" /></noscript>`);
    const firstScreen = laterSections ? (await render(key, { omitLaterSections: true })).html : page.html;
    const css = ownPart ? await pageCss(key, firstScreen, head, entryKey, laterSections) : siteCss;
    const entry = loader.body;
    const document = template
      .replace('<!--app-entry-->', () => entry)
      .replace('<!--app-head-->', () => head.join(''))
      .replace('<!--app-style-->', () => `<style>${css}</style>`);
    const html = fillDocument(document, page);
    // The server renders these pages again from the seller's published version (server/offer/): into this document.
    if ((OFFER_PAGES as readonly PageKey[]).includes(key)) {
      const documentTarget = path.join(distDir, 'ssr', OFFER_DOCUMENTS_DIR, `${key}.html`);
      fs.mkdirSync(path.dirname(documentTarget), { recursive: true });
      fs.writeFileSync(documentTarget, document);
    }
    const target = path.join(clientDir, file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, html);
    written.push(file);
  }
  return written;
}

/**
 * The checkout's code on the landing page: the payment modal, whose prerendered form the island
 * hydrates, fetched once the page is loaded and idle (the entry loader, lib/entry-loader.ts), or at
 * the first touch of a buy button (the checkout bridge, pages/landing-islands.tsx).
 */
const CHECKOUT_MODULES = ['src/client/checkout/payment-modal.tsx'];

/**
 * The roots the islands pages render on first use outside their HTML, and the checkout's island:
 * they wait for the whole stylesheet before they render or hydrate (lib/rest-of-stylesheet.ts), so
 * a page's own part leaves their code out (and the landing page's HTML it is read from leaves out
 * the checkout's prerendered form, as it does the later sections).
 */
const LATER_ROOTS = [
  'src/client/checkout/payment-modal.tsx',
  'src/client/landing/popups/popups-provider.tsx',
  'src/client/consent/cookie-notice.tsx',
];

/** The attribute of a section styled by the rest of the stylesheet (landing/deferred-section.tsx). */
const LATER_STYLES = ' data-later-styles=""';

/** The islands a page's HTML holds, by name (lib/island.tsx). */
function islandNames(html: string): string[] {
  return [...new Set([...html.matchAll(/ data-island="([\w-]+)"/g)].map((match) => match[1]!))];
}

/**
 * The modules of islands that are chunks of their own (pages/landing-islands.tsx); an island
 * bundled in its page's entry (its source among the entry's) is walked with the entry. An island
 * found in neither would have its classes left out of the page's part: the build stops instead.
 */
function islandModules(manifest: Manifest, entrySources: readonly string[], names: readonly string[]): string[] {
  return names.flatMap((name) => {
    const module = `src/client/landing/${name}.tsx`;
    if (manifest[module]) return [module];
    if (entrySources.includes(module)) return [];
    throw new Error(`prerender: the island ${name} is neither a chunk of its own (${module}) nor part of its page's entry`);
  });
}

/**
 * The inline loader of one entry (see lib/entry-loader.ts), with the modules it imports to preload,
 * and the files of `later` modules (with their imports) the page does not load at start.
 */
function entryLoader(
  manifest: Manifest,
  clientDir: string,
  key: string,
  {
    now,
    later,
    restCss,
    sprite,
    warm,
  }: { now: boolean; later: readonly string[]; restCss: string | null; sprite: string | null; warm: string | null },
): { head: string; body: string } {
  const entry = manifest[key];
  if (!entry?.isEntry) throw new Error(`prerender: the entry ${key} is missing from the build manifest`);
  const atStart = [key, ...staticImportsOf(manifest, key)];
  const preload = atStart.slice(1).map((child) => `/${manifest[child]!.file}`);
  const laterFiles = later
    .flatMap((module) => {
      if (!manifest[module]) throw new Error(`prerender: ${module} is missing from the build manifest`);
      return [module, ...staticImportsOf(manifest, module)];
    })
    .filter((module, index, all) => all.indexOf(module) === index && !atStart.includes(module))
    .map((module) => `/${manifest[module]!.file}`);
  const script = entryLoaderScript({ entry: `/${entry.file}`, preload, checkout: laterFiles, css: restCss, now, sprite, warm });
  // A page that paints before its script fetches the loader as a file once loaded, and the rest of its stylesheet beside it (lib/entry-loader.ts).
  if (!now) return { head: loaderStartScript(writeEntryLoader(clientDir, script), restCss), body: '' };
  return { head: '', body: `<script>${script}</script>` };
}

/** How an icon drawn from the page's own symbols starts (ui/icon.tsx). */
const IN_PAGE_ICON = '<use href="#';

/** The icon sprite the client build wrote (scripts/vite/lucide-icons.ts), as the page names it. */
function iconSprite(clientDir: string): string {
  const sprites = fs.readdirSync(path.join(clientDir, 'assets')).filter((name) => /^icons-[\w-]+\.svg$/.test(name));
  if (sprites.length !== 1) throw new Error(`prerender: expected one icon sprite in assets/, found ${sprites.length}`);
  return `/assets/${sprites[0]}`;
}

/** A page's loader as an immutable asset, named by its content as Vite names the others. */
function writeEntryLoader(clientDir: string, script: string): string {
  const hash = createHash('sha256').update(script).digest('base64url').slice(0, 8);
  const file = `assets/entry-loader-${hash}.js`;
  fs.writeFileSync(path.join(clientDir, file), script);
  return `/${file}`;
}
