import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Rolldown } from 'vite';
import { lucideDeepImports } from './scripts/vite/lucide-deep-imports.ts';
import { lucideIcons } from './scripts/vite/lucide-icons.ts';
import { testimonialsFixture } from './scripts/vite/testimonials-fixture.ts';

/** The pages an ad lands on have entries of their own (scripts/prerender.ts gives them theirs). */
const LANDING_ENTRY = 'src/client/landing-main.tsx';
const PRESELL_ENTRY = 'src/client/presell-main.tsx';

const root = import.meta.dirname;
const entryIds = [LANDING_ENTRY, PRESELL_ENTRY, 'index.html'].map((entry) => path.resolve(root, entry));

/**
 * Which entries load each module up front: walked once per build from every entry through static
 * imports only (a dynamic import starts a lazy chunk, loaded later). Reset at each build start.
 */
let initialEntries: Map<string, Set<string>> | null = null;
function staticEntriesOf(moduleId: string, ctx: Rolldown.ChunkingContext): Set<string> {
  if (!initialEntries) {
    const reached = new Map<string, Set<string>>();
    for (const entry of entryIds) {
      const stack = [entry];
      while (stack.length > 0) {
        const id = stack.pop()!;
        const entries = reached.get(id) ?? new Set<string>();
        if (entries.has(entry)) continue;
        entries.add(entry);
        reached.set(id, entries);
        stack.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
      }
    }
    initialEntries = reached;
  }
  return initialEntries.get(moduleId) ?? new Set();
}

/**
 * The code the landing and pre-sell pages load up front, in two shared files rather than the
 * handful of sub-kilobyte chunks the default split makes from what the three entries and the lazy
 * chunks share (each one more request and ≈ 0.35 KB of headers on a phone's first load):
 * - `landing-initial`: what only the landing page loads up front;
 * - `app-initial`: what only the whole-page app (pre-sell and the other pages) loads up front;
 * - `initial`: what both load up front.
 * Entry modules themselves stay in their entry chunks, so a shared file never runs a page's start
 * (scripts/build.ts fails the build if a chunk one page loads imports another page's entry).
 * Code no entry loads up front keeps the default split (lazy chunks).
 */
type InitialChunk = 'initial' | 'landing-initial' | 'app-initial';
function initialChunkOf(moduleId: string, ctx: Rolldown.ChunkingContext): InitialChunk | null {
  const info = ctx.getModuleInfo(moduleId);
  // index.html's own module script (main.tsx) is that entry's start: it stays in the entry chunk.
  if (!info || info.isEntry || info.importers.includes(entryIds[2]!)) return null;
  const entries = [...staticEntriesOf(moduleId, ctx)];
  if (entries.length === 0) return null;
  const landing = entries.includes(entryIds[0]!);
  const app = entries.some((entry) => entry !== entryIds[0]);
  if (landing && app) return 'initial';
  return landing ? 'landing-initial' : 'app-initial';
}

export default defineConfig({
  plugins: [
    lucideDeepImports(),
    lucideIcons(),
    testimonialsFixture(process.env.VITRINE_TESTIMONIALS_FIXTURE),
    react(),
    tailwindcss(),
    { name: 'initial-chunks', buildStart: () => void (initialEntries = null) },
  ],
  publicDir: 'public',
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    target: 'es2020',
    // Mid-range phones: keep chunks small and separate (pages, modal, popups are lazy).
    chunkSizeWarningLimit: 260,
    // Three entries: index.html (the app, for every other page), the landing page's islands and the
    // pre-sell page (scripts/prerender.ts gives `/` and `/presell` theirs).
    rolldownOptions: {
      input: { index: 'index.html', landing: LANDING_ENTRY, presell: PRESELL_ENTRY },
      output: {
        codeSplitting: {
          groups: [
            // React in one file shared by every entry: fewer, larger first-load requests on a phone.
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            // A module's static imports follow it into its group, so the shared group goes first:
            // it takes what both load before either page's own group could.
            ...(['initial', 'landing-initial', 'app-initial'] as const).map((chunk, index) => ({
              name: (moduleId: string, ctx: Rolldown.ChunkingContext) => (initialChunkOf(moduleId, ctx) === chunk ? chunk : null),
              priority: 1 - index / 10,
            })),
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/sandbox': 'http://127.0.0.1:3000' } },
});
