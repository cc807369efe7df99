import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { defaultPublicConfig } from '../../content/seller.ts';
import type { Offer } from '../../shared/offer.ts';
import { fillDocument, OFFER_DOCUMENTS_DIR, OFFER_PAGES, type OfferPage } from '../../shared/offer-pages.ts';
import { PUBLIC_CONFIG_PLACEHOLDER, fillPublicConfigTokens, type PublicConfig } from '../../shared/public-config.ts';
import { pageKeys, trimTrailingSlashes } from '../../shared/route-lookup.ts';
import { documentFile, NOT_FOUND_ROUTE, paths, routeKeys, routes, type PageKey, type RouteKey } from '../../shared/routes.ts';
import { runtimeInlineScripts } from '../../shared/speculation-rules.ts';
import { videoFrames } from '../../shared/video-link.ts';
import { contentSecurityPolicy, inlineScriptHashes, NO_TRACKERS, personalPagePolicy, scriptHash } from './csp.ts';
import { publicConfigScript } from '../config/public-config.ts';

/** A Uint8Array over its own ArrayBuffer is a valid body. */
type Bytes = Uint8Array<ArrayBuffer>;

interface Page {
  html: Bytes;
  gzip: Bytes;
  brotli: Bytes;
  csp: string;
}

export interface Site {
  page(name: string): Page | undefined;
  assets: MiddlewareHandler;
  /** The fragment must hold no script, as the page keeps its CSP hashes. */
  fillSlot(name: string, marker: string, fragment: string): Promise<void>;
  /**
   * Renders the offer pages from a version of the seller's offer with the build's own components
   * (its server render bundle), without serving them yet: `swap` does, for every page at once.
   */
  renderOffer(offer: Offer, publicValues?: PublicConfig, variantMark?: string): Promise<RenderedSite>;
  /** What `/` would weigh over the wire (brotli) with `offer`, without rendering the other pages. */
  landingBytesOf(offer: Offer, publicValues?: PublicConfig): Promise<number>;
  /**
   * One offer page's HTML for the console's preview (before public config and slots), the others left
   * alone; served without scripts, the FAQ's answers open as `<details>`.
   */
  /** The draft's page with the public values it would go live with (its links, the seller's details). */
  previewDocument(key: OfferPage, offer: Offer, values?: PublicConfig): Promise<string>;
  swap(rendered: RenderedSite): void;
}

/** Every page of one version, ready to serve: a request reads one such set whole. */
export interface RenderedSite {
  readonly pages: ReadonlyMap<string, Page>;
  readonly sources: ReadonlyMap<string, string>;
  /** The slots filled in (fillSlot) when it was rendered, by page. */
  readonly slots: ReadonlyMap<string, ReadonlyMap<string, string>>;
  /** `/` as it goes over the wire to a browser that takes brotli, in bytes. */
  readonly landingBrotliBytes: number;
}

type RenderPage = (
  key: PageKey,
  options: { offer: Offer; preview?: boolean },
) => Promise<{ html: string; title: string; description: string }>;

const gzip = promisify(zlib.gzip);
const brotliCompress = promisify(zlib.brotliCompress);

function pageAt(routePath: string): RouteKey | undefined {
  return routeKeys.find((key) => paths[key] === routePath);
}

export function pageFile(routePath: string): string {
  const key = pageAt(routePath);
  if (!key) throw new Error(`No page at ${routePath} in the route table`);
  return documentFile(key);
}

export const NOT_FOUND_PAGE = documentFile(NOT_FOUND_ROUTE);

/** The build cannot know the gateway, so the prerendered notice comes out here. */
export function stripDemoNotice(html: string): string {
  return html.replace(/<p data-demo-notice=""[^>]*>[^<]*<\/p>/g, '');
}

export function isAssetPath(requestPath: string): boolean {
  return requestPath.startsWith('/assets/');
}

/** So their script never asks for a tracker the policy refuses. */
const PERSONAL_PAGES: ReadonlySet<PageKey> = new Set<PageKey>(['access', 'affiliate', 'admin', 'order', 'review']);

/** A segment starting with a dot, also percent-encoded: the build's own records (`.vite/`, its manifest and chunk sources) are no site's files. */
const HIDDEN_SEGMENT = /(?:^|\/)(?:\.|%2e)/i;

// Long: the built pages are read once at boot into one value; each step is a few lines that share it.
export function loadSite(clientDir: string, headScript = '', publicValues: PublicConfig = defaultPublicConfig): Site {
  const indexFile = path.join(clientDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    throw new Error(`The client build is missing (${indexFile}); run "npm run build" first.`);
  }
  const ssrDir = path.join(clientDir, '..', 'ssr');
  const buildSources = new Map<string, string>();
  for (const key of pageKeys) {
    const file = documentFile(key);
    buildSources.set(file, fs.readFileSync(path.join(clientDir, file), 'utf8'));
  }
  // Public values without a config script (tests that load the build bare) stay without one.
  const scriptFor = (values: PublicConfig) => (headScript ? publicConfigScript(values) : '');

  /** One page's bytes from its document: the public config filled in, its policy, its compressed copies. */
  const preparePage = (key: PageKey, document: string, values: PublicConfig, script: string, frames: string[] = []) => {
    const personal = PERSONAL_PAGES.has(key);
    const pageScript = personal && script ? publicConfigScript({ ...values, trackers: NO_TRACKERS }) : script;
    const tokensFilled = fillPublicConfigTokens(document, values);
    const text = (values.demoMode ? tokensFilled : stripDemoNotice(tokensFilled)).replace(PUBLIC_CONFIG_PLACEHOLDER, () => pageScript);
    // Hashed after the config script went in: exactly the bytes the browser will run.
    const scriptHashes = [...inlineScriptHashes(text), ...(runtimeInlineScripts[key] ?? []).map(scriptHash)];
    const csp = personal
      ? personalPagePolicy(scriptHashes)
      : contentSecurityPolicy({ trackers: values.trackers, scriptHashes, remoteImages: !values.sandbox, frames });
    return { text, csp };
  };

  // Each text's last compression: a version mostly changes only the offer pages, and must be served within 5 s.
  let compressed = new Map<string, Page>();
  const compress = async (text: string, csp: string): Promise<Page> => {
    const known = compressed.get(text);
    if (known && known.csp === csp) return known;
    const html = Buffer.from(text);
    // Off the event loop: brotli at its best quality takes a while on a whole page.
    const [gzipped, brotli] = await Promise.all([gzip(html, { level: 9 }), brotliCompress(html)]);
    const page = { html: new Uint8Array(html), csp, gzip: new Uint8Array(gzipped), brotli: new Uint8Array(brotli) };
    if (compressed.size >= 24) compressed = new Map();
    compressed.set(text, page);
    return page;
  };

  const withSlots = (text: string, slots: ReadonlyMap<string, string> | undefined) => {
    let filledText = text;
    for (const [marker, fragment] of slots ?? []) filledText = filledText.replace(marker, () => fragment);
    return filledText;
  };

  let current: RenderedSite;
  {
    const pages = new Map<string, Page>();
    const sources = new Map<string, string>();
    for (const key of pageKeys) {
      const file = documentFile(key);
      const { text, csp } = preparePage(key, buildSources.get(file)!, publicValues, headScript);
      sources.set(file, text);
      const html = Buffer.from(text);
      pages.set(file, {
        html: new Uint8Array(html),
        csp,
        gzip: new Uint8Array(zlib.gzipSync(html, { level: 9 })),
        brotli: new Uint8Array(zlib.brotliCompressSync(html)),
      });
    }
    const landing = pages.get(documentFile('landing'));
    current = { pages, sources, slots: new Map(), landingBrotliBytes: landing?.brotli.length ?? 0 };
  }

  let renderPage: Promise<RenderPage> | undefined;
  const loadRenderer = () => {
    renderPage ??= import(pathToFileURL(path.join(ssrDir, 'entry-server.js')).href).then((module: { render: RenderPage }) => module.render);
    return renderPage;
  };

  /** An offer page's document from `offer`, rendered with the build's components. */
  const renderDocument = async (key: OfferPage, offer: Offer, preview: boolean, values?: PublicConfig): Promise<string> => {
    const render = await loadRenderer();
    const template = fs.readFileSync(path.join(ssrDir, OFFER_DOCUMENTS_DIR, `${key}.html`), 'utf8');
    const document = fillDocument(template, await render(key, { offer, preview }));
    // The preview's links (the group, support) are the ones the page would go live with, never the build's tokens.
    return values ? fillPublicConfigTokens(document, values) : document;
  };

  const latestSlots = () => {
    const slots = new Map(current.slots);
    for (const [name, latest] of lastSlots) slots.set(name, latest);
    return slots;
  };

  /** The budget is the first round trip of a shop's visitors: measured without the demo's notice, which no shop serves. */
  const brotliBytesOfLanding = (landingText: string, slots: ReadonlyMap<string, ReadonlyMap<string, string>>) =>
    zlib.brotliCompressSync(Buffer.from(stripDemoNotice(withSlots(landingText, slots.get(documentFile('landing')))))).length;

  /** `variantMark`: an A/B test's variant (experiments/), named on the offer pages' `<html>` for the checkout to send. */
  const renderOffer = async (offer: Offer, values: PublicConfig = publicValues, variantMark?: string): Promise<RenderedSite> => {
    const slots = latestSlots();
    const script = scriptFor(values);
    const pages = new Map<string, Page>();
    const sources = new Map<string, string>();
    for (const key of pageKeys) {
      const file = documentFile(key);
      let document = buildSources.get(file)!;
      if ((OFFER_PAGES as readonly PageKey[]).includes(key)) {
        document = await renderDocument(key as OfferPage, offer, false);
        if (variantMark) document = document.replace('<html', () => `<html data-experiment="${variantMark}"`);
      }
      const { text, csp } = preparePage(key, document, values, script, key === 'landing' ? videoFrames(offer.hero.video) : []);
      sources.set(file, text);
      pages.set(file, await compress(withSlots(text, slots.get(file)), csp));
    }
    const landingText = sources.get(documentFile('landing'));
    const landingBrotliBytes = landingText === undefined ? 0 : brotliBytesOfLanding(landingText, slots);
    return { pages, sources, slots, landingBrotliBytes };
  };

  // Only `/`, rendered and compressed once: a draft's autosave (every pause in the typing) compressed all nine pages twice.
  const landingBytesOf = async (offer: Offer, values: PublicConfig = publicValues): Promise<number> => {
    const document = await renderDocument('landing', offer, false);
    const { text } = preparePage('landing', document, values, scriptFor(values), videoFrames(offer.hero.video));
    return brotliBytesOfLanding(text, latestSlots());
  };

  const files = serveStatic({
    root: clientDir,
    precompressed: true,
    onFound: (_filePath, c) => {
      // Vite puts a content hash in every asset name.
      if (isAssetPath(c.req.path)) {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      } else {
        c.header('Cache-Control', 'public, max-age=3600');
      }
    },
  });
  // Served as plain files the HTML documents would lack the public config.
  const assets: MiddlewareHandler = async (c, next) => {
    const requested = c.req.path;
    if (requested.endsWith('.html') || HIDDEN_SEGMENT.test(requested)) return next();
    const bare = trimTrailingSlashes(requested);
    const page = pageAt(bare);
    const prerendered = page !== undefined && routes[page].rendering !== 'client-only';
    if (page && !prerendered) return next();
    if (requested.length > 1 && requested.endsWith('/')) {
      return prerendered ? c.redirect(`${bare}${new URL(c.req.url).search}`, 301) : next();
    }
    const response = await files(c, next);
    // Without such a file serveStatic returns Hono's context; an immutable asset never needs its date.
    if (response instanceof Response && isAssetPath(requested)) response.headers.delete('Last-Modified');
    return response;
  };
  /** The latest slots asked for, by page: a version swapped in meanwhile gets them too. */
  const lastSlots = new Map<string, ReadonlyMap<string, string>>();
  const refill = async (name: string): Promise<void> => {
    for (;;) {
      const slots = lastSlots.get(name);
      const base = current;
      const source = base.sources.get(name);
      const page = base.pages.get(name);
      if (!slots || base.slots.get(name) === slots || source === undefined || !page) return;
      const next = await compress(withSlots(source, slots), page.csp);
      // Another version or another fragment came in while this compressed: start again from it.
      if (current !== base || lastSlots.get(name) !== slots) continue;
      current = { ...base, pages: new Map(base.pages).set(name, next), slots: new Map(base.slots).set(name, slots) };
      return;
    }
  };
  const fillSlot = async (name: string, marker: string, fragment: string) => {
    const source = current.sources.get(name);
    if (source === undefined || !source.includes(marker)) return;
    const previous = lastSlots.get(name) ?? current.slots.get(name);
    if (previous?.get(marker) === fragment) return;
    lastSlots.set(name, new Map(previous).set(marker, fragment));
    await refill(name);
  };
  /** One assignment: a request that already read a page keeps it whole, the next one reads the new version. */
  const swap = (next: RenderedSite) => {
    current = next;
    for (const name of lastSlots.keys()) void refill(name);
  };
  return {
    page: (name) => current.pages.get(name),
    assets,
    fillSlot,
    renderOffer,
    landingBytesOf,
    previewDocument: (key, offer, values = publicValues) => renderDocument(key, offer, true, values),
    swap,
  };
}

/** `No-Vary-Search`: a prefetch of `/` serves `/?utm_source=…`. */
export function sendPage(c: Context, page: Page, status: 200 | 404 = 200): Response {
  const accepted = c.req.header('Accept-Encoding') ?? '';
  const headers: Record<string, string> = {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-cache',
    Vary: 'Accept-Encoding',
    'No-Vary-Search': 'params',
    'Content-Security-Policy': page.csp,
  };
  let body: Bytes = page.html;
  if (/\bbr\b/.test(accepted)) {
    body = page.brotli;
    headers['Content-Encoding'] = 'br';
  } else if (/\bgzip\b/.test(accepted)) {
    body = page.gzip;
    headers['Content-Encoding'] = 'gzip';
  }
  return new Response(c.req.method === 'HEAD' ? null : body, { status, headers });
}
