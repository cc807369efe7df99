import fs from 'node:fs';
import path from 'node:path';
import { readManifest, staticImportsOf } from '../scripts/build-manifest.ts';
import { loaderFileOf, loaderFilesOf, type LoaderFiles } from '../src/client/lib/entry-loader.ts';

/** The entry loader a prerendered page fetches (scripts/prerender.ts), without its leading slash. */
function loaderOf(html: string): string | null {
  return loaderFileOf(html)?.slice(1) ?? null;
}

/** The files a page's entry loader starts (its preloads, `/`'s checkout, the rest of the stylesheet). */
export function loaderFilesOfPage(clientDir: string, html: string): LoaderFiles | null {
  const loader = loaderOf(html);
  return loader ? loaderFilesOf(fs.readFileSync(path.join(clientDir, loader), 'utf8')) : null;
}

/**
 * Scripts a prerendered page loads up front: its entry loader, its entry module (the loader's
 * `data-entry`, scripts/prerender.ts, or a plain module script in older builds) and what that module
 * imports statically, read from the build's manifest. Anything else a page fetches was imported lazily.
 */
export function firstLoadScripts(clientDir: string, html: string): string[] {
  const manifest = readManifest(clientDir);
  const entry = (
    loaderFilesOfPage(clientDir, html)?.entry ?? /<script[^>]*(?:data-entry|type="module"[^>]*src)="([^"]+)"/.exec(html)?.[1]
  )?.slice(1);
  const key = Object.keys(manifest).find((candidate) => manifest[candidate]!.file === entry);
  const loader = loaderOf(html);
  const own = [...(loader ? [loader] : []), ...(entry ? [entry] : [])];
  if (!key) return own;
  return [...own, ...staticImportsOf(manifest, key).map((imported) => manifest[imported]!.file)];
}
