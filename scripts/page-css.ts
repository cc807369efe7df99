import fs from 'node:fs';
import postcss, { type Root } from 'postcss';
import { PurgeCSS } from 'purgecss';
import ts from 'typescript';
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
 * and every chunk that `roots` (the islands entry itself or some of its islands, or the app's page module) import, at
 * once or lazily (islands hydrated on approach, a page's dialogs); not the roots rendered on first
 * use in `later`, which wait for the whole stylesheet before they render. The app entry's other
 * lazy chunks are the other pages, which a page's own part leaves out too.
 */
export function chunksStylingPage(manifest: Manifest, entry: string, roots: readonly string[], later: readonly string[]): string[] {
  const seen = new Set<string>([entry, ...staticImportsOf(manifest, entry)]);
  const walked = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const key = stack.pop()!;
    if (later.includes(key) || walked.has(key)) continue;
    if (!manifest[key]) throw new Error(`page-css: ${key} is missing from the build manifest`);
    // The entry and its imports are in already; their lazy imports count only where they are roots
    // (an island's chunk that imports the entry does not bring in every other island).
    if (seen.has(key) && !roots.includes(key)) continue;
    walked.add(key);
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
 * The string literals of a source file, each on a line: a class reaches an element only through
 * one (`className="…"`, `cn('…', …)`, a variants table, a template's text), never through an
 * identifier or a comment. Read whole, a file's words keep rules for `static`, `inline` or
 * `container` because its code or comments say them. Parsed by TypeScript itself. With them, the
 * HTML elements its JSX renders, written `<ul`, for preflight's rules on tags.
 */
export function stringLiteralsOf(file: string): string {
  const source = ts.createSourceFile(
    file,
    fs.readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    false,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const literals: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) literals.push(node.text);
    // The elements it renders, as markup names them: preflight styles tags (`ul`'s bullets, `a`'s underline).
    if (
      (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) &&
      ts.isIdentifier(node.tagName) &&
      /^[a-z]/.test(node.tagName.text)
    ) {
      literals.push(`<${node.tagName.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return literals.join('\n');
}

/**
 * Tailwind declares every custom property its utilities may use (`@property`, and a fallback
 * layer for browsers without it); PurgeCSS keeps those declarations although no rule left reads
 * the property. They go when nothing left reads them, and so does the `@property` of one that no
 * rule left sets and that has no initial value (`--tw-backdrop-sepia` beside `backdrop-blur-md`):
 * never set, it reads the same registered or not.
 */
function dropUnreadProperties(root: Root): void {
  const read = new Set<string>();
  root.walkDecls((decl) => {
    if (decl.parent?.type === 'atrule') return;
    for (const match of decl.value.matchAll(/var\((--[\w-]+)/g)) read.add(match[1]!);
  });
  const set = new Set<string>();
  root.walkDecls(/^--/, (decl) => {
    if (decl.parent?.type !== 'atrule') set.add(decl.prop);
  });
  root.walkAtRules('property', (rule) => {
    const property = rule.params.trim();
    const initial = rule.nodes?.some((node) => node.type === 'decl' && node.prop === 'initial-value');
    if (!read.has(property) || (!set.has(property) && !initial)) rule.remove();
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
}

/**
 * What Tailwind writes for browsers older than its own baseline (vite.config.ts's `cssTarget`):
 * - `@layer properties`, the custom properties' initial values for browsers without `@property`
 *   (its `@supports` matches only Safari before 16.4 and Firefox before 128);
 * - each `@supports (color: color-mix…)` block that only repeats the rule before it with the same
 *   colour mixed from its variable (`bg-ink-850/70`): that rule's hex colour with alpha draws the
 *   same pixels. A block whose rule has no hex colour before it (preflight's placeholder) stays.
 */
function dropOlderBrowsersFallbacks(root: Root): void {
  root.walkAtRules('layer', (layer) => {
    if (layer.params === 'properties') layer.remove();
  });
  root.walkAtRules('supports', (block) => {
    if (!block.params.includes('color-mix')) return;
    const [rule, ...others] = block.nodes ?? [];
    const before = block.prev();
    if (others.length > 0 || rule?.type !== 'rule' || before?.type !== 'rule' || before.selector !== rule.selector) return;
    const mixed = rule.nodes.filter((node) => node.type === 'decl');
    const plain = new Map(before.nodes.flatMap((node) => (node.type === 'decl' ? [[node.prop, node.value] as const] : [])));
    if (mixed.every((decl) => /^#(?:[\da-f]{4}){1,2}$/i.test(plain.get(decl.prop) ?? ''))) block.remove();
  });
}

/**
 * PurgeCSS keeps a rule for a tag when the tag's name is any word of the page's content: preflight's
 * `code`, `small` or `summary` stay because a chunk's source says "code" somewhere. Preflight's
 * rules that only name tags go when none of those tags is in the page's HTML or written as an
 * element in its code (`<summary`).
 */
function dropUnusedTagRules(root: Root, contents: readonly string[]): void {
  const tags = new Set(contents.flatMap((content) => [...content.matchAll(/<([a-z][a-z\d]*)\b/g)].map((match) => match[1]!)));
  root.walkAtRules('layer', (layer) => {
    if (layer.params !== 'base') return;
    layer.walkRules((rule) => {
      const names = rule.selectors.map((selector) => selector.trim());
      if (names.every((name) => /^[a-z][a-z\d]*$/.test(name) && !tags.has(name))) rule.remove();
    });
  });
}

/** Preflight's rules for parts of form fields (`::placeholder`, the date field's parts, a number's spinner). */
const FORM_FIELD_PARTS =
  /^::(?:placeholder|file-selector-button|-webkit-(?:file-upload-button|search-decoration|date-and-time-value|datetime-edit[\w-]*|calendar-picker-indicator|inner-spin-button|outer-spin-button))$/;

/**
 * PurgeCSS keeps a rule whose selector is only a pseudo-element: it names no class or tag to look
 * for. On a page whose HTML and code render no form field, preflight's rules for fields' parts go.
 */
function dropFormFieldParts(root: Root, contents: readonly string[]): void {
  if (contents.some((content) => /<(?:input|textarea|select)\b/.test(content))) return;
  root.walkRules((rule) => {
    if (rule.selectors.every((selector) => FORM_FIELD_PARTS.test(selector.trim()))) rule.remove();
  });
}

/**
 * What acts only when the visitor does something: transitions (`transition`, `duration-300`) and
 * the looks of a pointer on or pressing an element (`hover:`, `active:`). The first paint uses
 * none of them, and they come with the rest of the stylesheet, which the page requests right after
 * that paint; as penthouse, the critical-CSS tool, leaves transitions out by default. What the
 * page shows, animations included (a skeleton's pulse), stays.
 */
function dropInteractionOnly(root: Root): void {
  root.walkDecls(/^(?:transition|--tw-duration$|--tw-ease$)/, (decl) => {
    decl.remove();
  });
  root.walkRules((rule) => {
    if (rule.selectors.every((selector) => /:(?:hover|active)\b/.test(selector))) rule.remove();
  });
}

/**
 * Tailwind registers its custom properties (`@property --tw-shadow { syntax: "*"; inherits: false;
 * initial-value: 0 0 #0000 }`), some 75 bytes each. A page's own part sets them instead on every
 * element, in a layer below all others, as Tailwind's own fallback for browsers without `@property`
 * does: the same values, not inherited, and each utility overrides them. The rest of the stylesheet
 * registers them once it is in; only a transition of such a property (a gradient's colour on
 * hover) needs the registration, and transitions come with the rest.
 */
function propertiesAsDeclarations(root: Root): void {
  const declarations: string[] = [];
  root.walkAtRules('property', (rule) => {
    let initial = 'initial';
    rule.walkDecls('initial-value', (decl) => {
      initial = decl.value;
    });
    declarations.push(`${rule.params.trim()}:${initial}`);
    rule.remove();
  });
  // No `::backdrop`: see dropBackdrops.
  if (declarations.length > 0) root.prepend(postcss.parse(`@layer properties{*,:before,:after{${declarations.join(';')}}}`));
}

/**
 * Nothing is in the top layer at a page's first paint: a modal dialog opens at a tap, and what it
 * shows comes with the rest of the stylesheet. So `::backdrop` leaves every selector list
 * (Tailwind's preflight and its properties name it beside `*`).
 */
function dropBackdrops(root: Root): void {
  root.walkRules((rule) => {
    const kept = rule.selectors.filter((selector) => !selector.includes('::backdrop'));
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  });
}

/** Tailwind's licence banner stays at the head of the whole stylesheet, which every such page also loads. */
function dropComments(root: Root): void {
  root.walkComments((comment) => {
    comment.remove();
  });
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
  const root = postcss.parse(result!.css);
  dropOlderBrowsersFallbacks(root);
  dropUnusedTagRules(root, contents);
  dropFormFieldParts(root, contents);
  dropInteractionOnly(root);
  dropBackdrops(root);
  dropComments(root);
  // Last: what the steps before left unread or empty goes.
  dropUnreadProperties(root);
  propertiesAsDeclarations(root);
  return root.toString();
}
