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
const apiServer = `http://127.0.0.1:${process.env.PORT ?? 3000}`;
const entryIds = [LANDING_ENTRY, PRESELL_ENTRY, 'index.html'].map((entry) => path.resolve(root, entry));

/**
 * For each module, which entries load it up front (through static imports only: a dynamic import
 * starts a lazy chunk, loaded later) and which reach it at all (static or dynamic imports). Walked
 * once per build from every entry; reset at each build start.
 */
type Reach = { upFront: Map<string, Set<string>>; any: Map<string, Set<string>> };
let reach: Reach | null = null;
function walk(next: (id: string) => readonly string[]): Map<string, Set<string>> {
  const reached = new Map<string, Set<string>>();
  for (const entry of entryIds) {
    const stack = [entry];
    while (stack.length > 0) {
      const id = stack.pop()!;
      const entries = reached.get(id) ?? new Set<string>();
      if (entries.has(entry)) continue;
      entries.add(entry);
      reached.set(id, entries);
      stack.push(...next(id));
    }
  }
  return reached;
}
function reachOf(moduleId: string, ctx: Rolldown.ChunkingContext): { upFront: Set<string>; any: Set<string> } {
  reach ??= {
    upFront: walk((id) => ctx.getModuleInfo(id)?.importedIds ?? []),
    any: walk((id) => [...(ctx.getModuleInfo(id)?.importedIds ?? []), ...(ctx.getModuleInfo(id)?.dynamicallyImportedIds ?? [])]),
  };
  return { upFront: reach.upFront.get(moduleId) ?? new Set(), any: reach.any.get(moduleId) ?? new Set() };
}

/**
 * What each page loads up front comes in its entry's file plus one shared `initial` file (and
 * React's; the app's pages also load `app-shared`), rather than the handful of sub-kilobyte chunks
 * the default split makes from what the three entries and the lazy chunks share (each one more
 * request and ≈ 0.35 KB of headers on a phone's first load). `initial` takes what one page loads up
 * front and another page loads too, up front or later. What only one page ever loads stays with
 * that page: in its entry's file when it loads it up front (its lazy parts import it from there;
 * the bundler keeps it there as the entry always runs first), in its lazy chunks otherwise. No page
 * fetches another page's entry: scripts/build.ts fails the build if a chunk one page loads imports
 * another page's entry. The price of one shared file: a module one islands page runs at start and
 * the app loads later (the open-order store, `shared/text.ts`) rides in `initial`, which the other
 * islands page downloads too. Keep such modules small, and import a constant from a module of its
 * own rather than from a big one (`lib/live/spot-taken.ts`; presell-gate.spec.ts checks that
 * `/presell` does not download the live signals).
 */
function sharedGroupOf(moduleId: string, ctx: Rolldown.ChunkingContext): 'initial' | 'app-shared' | null {
  const info = ctx.getModuleInfo(moduleId);
  if (!info || info.isEntry) return null;
  const { upFront, any } = reachOf(moduleId, ctx);
  if (upFront.size > 1) return 'initial';
  if (upFront.size === 0 || any.size === 1) return null;
  // Loaded up front by one page and later by another. What only the app loads up front (the
  // router's links, the demo line) and the landing page later (its footer, its checkout) gets a
  // file of its own: the pages an ad sends buyers to never carry it on their first load.
  return upFront.has(entryIds[2]!) ? 'app-shared' : 'initial';
}

export default defineConfig({
  plugins: [
    lucideDeepImports(),
    lucideIcons(),
    testimonialsFixture(process.env.VITRINE_TESTIMONIALS_FIXTURE),
    react(),
    tailwindcss(),
    { name: 'initial-chunks', buildStart: () => void (reach = null) },
  ],
  publicDir: 'public',
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    modulePreload: {
      // A lazy chunk's preload list leaves out the files every page has loaded up front by then
      // (React, the bundler's runtime, the shared `initial` chunk): listing them in each page's
      // script only costs bytes on the first load.
      resolveDependencies: (_file, deps) => deps.filter((dep) => !/^assets\/(react|rolldown-runtime|initial)-/.test(dep)),
    },
    target: 'es2020',
    // Tailwind 4's own baseline (tailwindcss.com/docs/compatibility): its output needs these
    // browsers anyway, and for older targets the minifier adds hex, P3 and lab copies of every
    // colour and a color-mix fallback beside each one, which the inline CSS of every page carried.
    cssTarget: ['chrome111', 'edge111', 'firefox128', 'safari16.4'],
    // Mid-range phones: keep chunks small and separate (pages, modal, popups are lazy).
    chunkSizeWarningLimit: 260,
    // Three entries: index.html (the app, for every other page), the landing page's islands and the
    // pre-sell page (scripts/prerender.ts gives `/` and `/presell` theirs).
    rolldownOptions: {
      input: { index: 'index.html', landing: LANDING_ENTRY, presell: PRESELL_ENTRY },
      output: {
        // V8's explicit compile hint (Chrome 136+): React's file is compiled on a background thread
        // while it downloads, instead of function by function on the main thread during the first
        // hydration. On `/presell` that lazy compilation was 15–20 ms of its one long React task;
        // with the hint Lighthouse's script evaluation there fell by a third and that task was gone
        // (ADR 0004). Other browsers read it as a comment.
        postBanner: (chunk) => (chunk.name === 'react' ? '//# allFunctionsCalledOnLoad' : ''),
        codeSplitting: {
          // Each module's place is decided by the rule above, not by whoever imports it.
          includeDependenciesRecursively: false,
          groups: [
            // React in one file shared by every entry: fewer, larger first-load requests on a phone.
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            ...(['initial', 'app-shared'] as const).map((group) => ({
              debugName: group,
              name: (moduleId: string, ctx: Rolldown.ChunkingContext) => (sharedGroupOf(moduleId, ctx) === group ? group : null),
              priority: 1,
            })),
          ],
        },
      },
    },
  },
  // `npm run dev` (scripts/dev.ts): the server listens on PORT.
  server: { proxy: { '/api': apiServer, '/sandbox': apiServer } },
});
