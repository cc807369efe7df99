import { readManifest, staticImportsOf } from '../scripts/build-manifest.ts';

/**
 * Scripts a prerendered page loads up front: its entry module (the entry loader's `data-entry`,
 * scripts/prerender.ts, or a plain module script in older builds) and what that module imports
 * statically, read from the build's manifest. Anything else a page fetches was imported lazily.
 */
export function firstLoadScripts(clientDir: string, html: string): string[] {
  const manifest = readManifest(clientDir);
  const entry = /<script[^>]*(?:data-entry|type="module"[^>]*src)="\/([^"]+)"/.exec(html)?.[1];
  const key = Object.keys(manifest).find((candidate) => manifest[candidate]!.file === entry);
  if (!key) return entry ? [entry] : [];
  return [entry!, ...staticImportsOf(manifest, key).map((imported) => manifest[imported]!.file)];
}
