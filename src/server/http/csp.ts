import { createHash } from 'node:crypto';
import type { PublicConfig } from '../../shared/public-config.ts';

/** docs/decisions/0006-tokens-and-csp.md says why scripts are hashed and styles allow 'unsafe-inline'. */

type TrackerIds = PublicConfig['trackers'];

/** No tracker at all: for one person's pages (see personalPagePolicy) and what the server writes itself. */
export const NO_TRACKERS: TrackerIds = Object.freeze({ gaId: null, metaPixelId: null, clarityId: null });

export function scriptHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** SHA-256 sources ('sha256-…') of every inline <script> of a document, in the bytes it is sent with. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = '', body = ''] = match;
    if (/\bsrc\s*=/i.test(attributes)) continue;
    hashes.add(scriptHash(body));
  }
  return [...hashes];
}

/** Hosts each tracker's loader really uses: its script, the scripts it pulls in, and where it sends data. */
function trackerSources(trackers: TrackerIds) {
  const script: string[] = [];
  const connect: string[] = [];
  const img: string[] = [];
  if (trackers.gaId) {
    script.push('https://*.googletagmanager.com');
    connect.push('https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com');
    img.push('https://*.google-analytics.com', 'https://*.googletagmanager.com');
  }
  if (trackers.metaPixelId) {
    script.push('https://connect.facebook.net');
    // The pixel sends events to facebook.com/tr as an image or a beacon.
    connect.push('https://www.facebook.com', 'https://connect.facebook.net');
    img.push('https://www.facebook.com');
  }
  if (trackers.clarityId) {
    // The tag (www.clarity.ms) loads scripts.clarity.ms and posts to another subdomain; c.bing.com syncs its cookie.
    script.push('https://*.clarity.ms');
    connect.push('https://*.clarity.ms', 'https://c.bing.com');
    img.push('https://*.clarity.ms', 'https://c.bing.com');
  }
  return { script, connect, img };
}

export interface PolicyOptions {
  trackers: TrackerIds;
  scriptHashes?: string[];
  /** A real gateway may send its PIX QR code as an https image (shown when it sends no code). */
  remoteImages?: boolean;
}

export function contentSecurityPolicy(options: PolicyOptions): string {
  const trackers = trackerSources(options.trackers);
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...(options.scriptHashes ?? []), ...trackers.script]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', ...(options.remoteImages ? ['https:'] : trackers.img)]],
    ['connect-src', ["'self'", ...trackers.connect]],
    ['font-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
    ['form-action', ["'self'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/** One person's pages show a credential and the buyer's data: no tracker (a session replay would record it all). */
export function personalPagePolicy(scriptHashes: string[]): string {
  return contentSecurityPolicy({ trackers: NO_TRACKERS, scriptHashes });
}
