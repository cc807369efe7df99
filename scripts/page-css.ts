import postcss from 'postcss';
import { PurgeCSS } from 'purgecss';
import { staticImportsOf, type Manifest } from './build-manifest.ts';

/**
 * Each prerendered page's own stylesheet: the site's stylesheet purged (PurgeCSS) against the page's
 * HTML and the built code that can change its classes once it runs. The rest of the stylesheet is
 * loaded after the first paint (lib/entry-loader.ts), and what renders outside the page's HTML
 * later (the checkout, the popups, the cookie notice) waits for it (lib/rest-of-stylesheet.ts).
 */

/**
 * Every run of class-name characters, Tailwind's included (`md:flex`, `bg-ink-850/70`,
 * `h-(--x)`, `data-[state=open]:rotate-180`): a word is anything between whitespace, quotes and
 * markup or code punctuation. Keeping a few words that are no class costs nothing; missing one
 * would drop a rule a page uses.
 */
function classWords(content: string): string[] {
  return content.match(/[^\s"'`<>=;{}\\]+/g) ?? [];
}

/**
 * The chunks whose code can add classes to a page once it runs: its entry and the entry's imports,
 * and every chunk that `roots` (the islands entry itself, or the app's page module) import, at
 * once or lazily (islands hydrated on approach, a page's dialogs); not the roots rendered on first
 * use in `later`, which wait for the whole stylesheet before they render. The app entry's other
 * lazy chunks are the other pages, which a page's own part leaves out too.
 */
export function chunksStylingPage(manifest: Manifest, entry: string, roots: readonly string[], later: readonly string[]): string[] {
  const seen = new Set<string>([entry, ...staticImportsOf(manifest, entry)]);
  const stack = [...roots];
  while (stack.length > 0) {
    const key = stack.pop()!;
    if (later.includes(key)) continue;
    if (!manifest[key]) throw new Error(`page-css: ${key} is missing from the build manifest`);
    if (seen.has(key) && key !== entry) continue;
    seen.add(key);
    stack.push(...(manifest[key].imports ?? []), ...(manifest[key].dynamicImports ?? []));
  }
  return [...seen].map((key) => manifest[key]!.file);
}

/**
 * tailwind-merge's config names every class group the client uses (`table-caption`, `blur`…) for
 * the merge, not for an element: read as a page's content, it would keep rules no page renders.
 */
const NOT_CLASSES = ['src/client/ui/tailwind-merge-config.ts'];

/** The project's source files that `chunks` were built from (the build records them, scripts/build-manifest.ts). */
export function sourcesOf(chunks: readonly string[], chunkSources: Record<string, string[]>): string[] {
  const files = chunks.flatMap((chunk) => chunkSources[chunk] ?? []);
  return [...new Set(files)].filter((file) => /\.tsx?$/.test(file) && !NOT_CLASSES.includes(file));
}

/**
 * Tailwind declares every custom property its utilities may use (`@property`, and a fallback
 * layer for browsers without it); PurgeCSS keeps those declarations although no rule left reads
 * the property. They go when nothing left reads them.
 */
function dropUnreadProperties(css: string): string {
  const root = postcss.parse(css);
  const read = new Set<string>();
  root.walkDecls((decl) => {
    if (decl.parent?.type === 'atrule') return;
    for (const match of decl.value.matchAll(/var\((--[\w-]+)/g)) read.add(match[1]!);
  });
  root.walkAtRules('property', (rule) => {
    if (!read.has(rule.params.trim())) rule.remove();
  });
  root.walkDecls(/^--tw-/, (decl) => {
    if (!read.has(decl.prop)) decl.remove();
  });
  root.walkRules((rule) => {
    if (rule.nodes.length === 0) rule.remove();
  });
  // Twice: an at-rule emptied by the first pass may sit in another (`@layer properties { @supports … }`).
  for (let pass = 0; pass < 2; pass++) {
    root.walkAtRules((rule) => {
      if (rule.nodes?.length === 0) rule.remove();
    });
  }
  return root.toString();
}

/** The rules of `css` that `contents` (a page's HTML, the code of its chunks) can use. */
export async function purgeFor(css: string, contents: readonly string[]): Promise<string> {
  const [result] = await new PurgeCSS().purge({
    content: contents.map((raw) => ({ raw, extension: 'html' })),
    css: [{ raw: css }],
    defaultExtractor: classWords,
    variables: true,
    keyframes: true,
  });
  return dropUnreadProperties(result!.css);
}
