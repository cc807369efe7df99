import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { defaultPublicConfig } from '../../content/seller.ts';
import { PUBLIC_CONFIG_PLACEHOLDER, fillPublicConfigTokens, type PublicConfig } from '../../shared/public-config.ts';
import { pageKeys, trimTrailingSlashes } from '../../shared/route-lookup.ts';
import { documentFile, NOT_FOUND_ROUTE, paths, routeKeys, routes, type PageKey, type RouteKey } from '../../shared/routes.ts';
import { runtimeInlineScripts } from '../../shared/speculation-rules.ts';
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
}

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
const PERSONAL_PAGES: ReadonlySet<PageKey> = new Set<PageKey>(['access', 'admin', 'order', 'review']);

/** A segment starting with a dot, also percent-encoded: the build's own records (`.vite/`, its manifest and chunk sources) are no site's files. */
const HIDDEN_SEGMENT = /(?:^|\/)(?:\.|%2e)/i;

export function loadSite(clientDir: string, headScript = '', publicValues: PublicConfig = defaultPublicConfig): Site {
  const indexFile = path.join(clientDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    throw new Error(`The client build is missing (${indexFile}); run "npm run build" first.`);
  }
  const pages = new Map<string, Page>();
  const sources = new Map<string, string>();
  const filled = new Map<string, Map<string, string>>();
  for (const key of pageKeys) {
    const file = documentFile(key);
    const personal = PERSONAL_PAGES.has(key);
    const script = personal && headScript ? publicConfigScript({ ...publicValues, trackers: NO_TRACKERS }) : headScript;
    const tokensFilled = fillPublicConfigTokens(fs.readFileSync(path.join(clientDir, file), 'utf8'), publicValues);
    const text = (publicValues.demoMode ? tokensFilled : stripDemoNotice(tokensFilled)).replace(PUBLIC_CONFIG_PLACEHOLDER, () => script);
    sources.set(file, text);
    const html = Buffer.from(text);
    // Hashed after the config script went in: exactly the bytes the browser will run.
    const scriptHashes = [...inlineScriptHashes(text), ...(runtimeInlineScripts[key] ?? []).map(scriptHash)];
    pages.set(file, {
      html: new Uint8Array(html),
      csp: personal
        ? personalPagePolicy(scriptHashes)
        : contentSecurityPolicy({ trackers: publicValues.trackers, scriptHashes, remoteImages: !publicValues.sandbox }),
      gzip: new Uint8Array(zlib.gzipSync(html, { level: 9 })),
      brotli: new Uint8Array(zlib.brotliCompressSync(html)),
    });
  }
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
  const fillSlot = async (name: string, marker: string, fragment: string) => {
    const source = sources.get(name);
    const page = pages.get(name);
    if (source === undefined || !page || !source.includes(marker)) return;
    if (filled.get(name)?.get(marker) === fragment) return;
    const slots = new Map(filled.get(name)).set(marker, fragment);
    let text = source;
    for (const [each, value] of slots) text = text.replace(each, () => value);
    const html = Buffer.from(text);
    // Off the event loop: brotli at its best quality takes a while on a whole page.
    const [gzipped, brotli] = await Promise.all([gzip(html, { level: 9 }), brotliCompress(html)]);
    pages.set(name, { ...page, html: new Uint8Array(html), gzip: new Uint8Array(gzipped), brotli: new Uint8Array(brotli) });
    filled.set(name, slots);
  };
  return { page: (name) => pages.get(name), assets, fillSlot };
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
