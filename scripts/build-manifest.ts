import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

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

const CHUNK_SOURCES = 'chunk-sources.json';

/**
 * Records, beside Vite's manifest, the project's own source files each client chunk holds (not
 * node_modules): what scripts/page-css.ts reads for the classes a chunk can put on a page.
 */
export function recordChunkSources(root: string): Plugin {
  return {
    name: 'vitrine-chunk-sources',
    apply: 'build',
    generateBundle(_options, bundle) {
      const sources: Record<string, string[]> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        sources[chunk.fileName] = chunk.moduleIds
          .filter((id) => id.startsWith(root) && !id.includes('/node_modules/') && !id.includes('\0'))
          .map((id) => path.relative(root, id.split('?')[0]!));
      }
      this.emitFile({ type: 'asset', fileName: `.vite/${CHUNK_SOURCES}`, source: JSON.stringify(sources) });
    },
  };
}

/** The source files of each client chunk, by its file name (`assets/…js`), from the build. */
export function readChunkSources(clientDir: string): Record<string, string[]> {
  return JSON.parse(fs.readFileSync(path.join(clientDir, '.vite', CHUNK_SOURCES), 'utf8')) as Record<string, string[]>;
}
