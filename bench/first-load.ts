import fs from 'node:fs';
import path from 'node:path';

/**
 * Scripts a prerendered page loads up front: its entry module (the entry loader's `data-entry`,
 * scripts/prerender.ts, or a plain module script in older builds) and what that module imports
 * statically, read from the build's manifest. Anything else a page fetches was imported lazily.
 */
export function firstLoadScripts(clientDir: string, html: string): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string; imports?: string[] }
  >;
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  const entry = /<script[^>]*(?:data-entry|type="module"[^>]*src)="\/([^"]+)"/.exec(html)?.[1];
  const files = new Set<string>();
  const visit = (file: string | undefined) => {
    if (!file || files.has(file)) return;
    files.add(file);
    for (const key of byFile.get(file)?.imports ?? []) visit(manifest[key]?.file);
  };
  visit(entry);
  return [...files];
}
