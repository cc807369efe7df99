import fs from 'node:fs';
import path from 'node:path';

/** Vite's build manifest (`dist/client/.vite/manifest.json`): each chunk by its source key. */
export type Manifest = Record<string, { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }>;

export function readManifest(clientDir: string): Manifest {
  return JSON.parse(fs.readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** The keys of the chunks `key` imports statically, directly or through another: what loads with it. */
export function staticImportsOf(manifest: Manifest, key: string): string[] {
  const imports = new Set<string>();
  const visit = (from: string) => {
    for (const child of manifest[from]?.imports ?? []) {
      if (imports.has(child)) continue;
      imports.add(child);
      visit(child);
    }
  };
  visit(key);
  return [...imports];
}
