import fs from 'node:fs';
import path from 'node:path';
import GithubSlugger from 'github-slugger';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The docs stay short and every reference leads somewhere: the README and the decision records have
 * a size limit, links and `docs/…#anchor` references are resolved against the files and their
 * headings (GitHub's slugs), no code or test cites an issue number, and comments stay a small share of
 * the server's and shared code.
 */

const root = path.resolve(import.meta.dirname, '../..');
const README_MAX_LINES = 200;
const ADR_MAX_WORDS = 600;
/**
 * A guard against comment floods, not a target: what a comment says is held by the restatement check
 * below. A cap near the real share (8%, then 10%) made commits trim comments that said why just to make
 * room, so the share is printed at each run (a rise is seen) and only a flood, half again today's ~10%, fails.
 */
const COMMENT_SHARE_MAX = 0.15;
/** The word "issue" or "issues" and a number, in code, strings and comments alike. */
const ISSUE_CITED = /\bissues? #?\d+/i;
/** A `#` and a number in a comment; not in code, where `#` also starts colours and HTML entities, nor a docs anchor's `#3-charge`. */
const ISSUE_HASH = /(?<![\w&#/.-])#\d+(?![\w-])/g;

/** The 0-based line of a character offset. */
const lineAt = (text: string, offset: number) => text.slice(0, offset).split('\n').length - 1;

function filesUnder(dir: string, keep: (file: string) => boolean): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(rel, keep);
    return keep(rel) ? [rel] : [];
  });
}

const read = (rel: string) => fs.readFileSync(path.join(root, rel), 'utf8');
const markdownFiles = ['README.md', ...filesUnder('docs', (f) => f.endsWith('.md'))];
const sourceFiles = filesUnder('src', (f) => /\.tsx?$/.test(f));
const testFiles = filesUnder('tests', (f) => /\.tsx?$/.test(f));
const adrFiles = filesUnder('docs/decisions', (f) => f.endsWith('.md'));

/** Markdown without its fenced code blocks, which hold examples, not headings or links. */
const withoutFences = (markdown: string) => markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');

const anchorCache = new Map<string, Set<string>>();

/** The anchors GitHub gives a Markdown file: one per heading (numbered when repeated) and each `<a id>`. */
function anchorsOf(rel: string): Set<string> {
  const cached = anchorCache.get(rel);
  if (cached) return cached;
  const slugger = new GithubSlugger();
  const text = withoutFences(read(rel));
  const anchors = new Set<string>();
  for (const [, heading] of text.matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) anchors.add(slugger.slug(heading!));
  for (const [, id] of text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id!);
  anchorCache.set(rel, anchors);
  return anchors;
}

/** Why `target` (a path from the repository root, maybe with `#anchor`) leads nowhere, or undefined. */
function deadEnd(target: string): string | undefined {
  const [file = '', anchor] = target.split('#');
  if (!fs.existsSync(path.join(root, file))) return 'no such file';
  if (anchor === undefined || !file.endsWith('.md')) return undefined;
  return anchorsOf(file).has(decodeURIComponent(anchor).toLowerCase()) ? undefined : 'no such heading';
}

describe('docs size', () => {
  it(`keeps the README under ${README_MAX_LINES} lines`, () => {
    expect(read('README.md').trimEnd().split('\n').length).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it("opens docs/benchmarks.md with today's figures, each linked to its sitting, the sittings within 300 lines", () => {
    const lines = read('docs/benchmarks.md').split('\n');
    const today = lines.indexOf('## Today');
    const sittings = lines.indexOf('## The sittings');
    expect(today).toBeGreaterThan(0);
    expect(lines.slice(0, today).some((line) => line.startsWith('## '))).toBe(false);
    expect(sittings).toBeGreaterThan(today);
    expect(sittings).toBeLessThanOrEqual(300);
    const todayEnd = lines.findIndex((line, index) => index > today && line.startsWith('## '));
    const rows = lines.slice(today, todayEnd).filter((line) => /^\| (?!figure|-)/.test(line));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row, row).toMatch(/\]\(#[^)]+\) *\|$/);
  });

  it(`keeps each decision record under ${ADR_MAX_WORDS} words, with its status and date`, () => {
    const problems = adrFiles.flatMap((file) => {
      const text = read(file);
      const words = text.split(/\s+/).filter(Boolean).length;
      return [
        ...(words > ADR_MAX_WORDS ? [`${file}: ${words} words`] : []),
        ...(/^Status: \S/m.test(text) ? [] : [`${file}: no "Status:" line`]),
        ...(/^Date: \d{4}-\d{2}-\d{2}$/m.test(text) ? [] : [`${file}: no "Date: YYYY-MM-DD" line`]),
      ];
    });
    expect(problems).toEqual([]);
  });
});

describe('the Node release', () => {
  const nvmrc = read('.nvmrc').trim();
  const major = nvmrc.split('.')[0]!;

  it('is the one of .nvmrc wherever a reader is told which Node to install', () => {
    expect(read('README.md')).toContain(`Tested on Node.js ${nvmrc} (\`.nvmrc\`)`);
    expect(read('docs/deploy.md')).toContain(`Tested on Node.js **${nvmrc}** (the \`.nvmrc\`)`);
    expect(read('docs/deploy.md')).toContain(`https://deb.nodesource.com/setup_${major}.x`);
    // The README's commands (and so CI) install the release .nvmrc names rather than one of their own.
    expect(read('vitrine')).toContain('want="$(tr -d \'[:space:]\' < .nvmrc)"');
  });
});

describe('references', () => {
  it('resolves every relative link in the README and docs/', () => {
    const problems = markdownFiles.flatMap((file) =>
      [
        ...withoutFences(read(file))
          .replace(/`[^`\n]*`/g, '')
          .matchAll(/\]\(([^()\s]+)(?:\s+"[^"]*")?\)/g),
      ].flatMap(([, link]) => {
        if (/^[a-z][a-z0-9+.-]*:/i.test(link!)) return [];
        const target = link!.startsWith('#') ? file + link : path.posix.normalize(path.posix.join(path.posix.dirname(file), link!));
        const why = deadEnd(target);
        return why ? [`${file}: ${link} (${why})`] : [];
      }),
    );
    expect(problems).toEqual([]);
  });

  it('lists every document of docs/ in the README, and the console chapter points to the page editor', () => {
    const readme = read('README.md');
    const documents = filesUnder('docs', (f) => /^docs\/[^/]+\.md$/.test(f));
    expect(documents.filter((doc) => !readme.includes(`](${doc})`))).toEqual([]);
    expect(read('docs/operations.md')).toMatch(/\*\*Página\*\* \(\[editing\.md\]\(editing\.md\)\)/);
  });

  it('resolves every docs/… reference in src/', () => {
    const problems = sourceFiles.flatMap((file) =>
      [...read(file).matchAll(/(?<![\w/.-])docs\/[\w./-]*?\.md(?:#[\p{L}\p{N}_-]+)?/gu)].flatMap(([ref]) => {
        const why = deadEnd(ref);
        return why ? [`${file}: ${ref} (${why})`] : [];
      }),
    );
    expect(problems).toEqual([]);
  });

  it('cites no issue numbers in src/ or tests/, which a reader cannot open', () => {
    const problems = [...sourceFiles, ...testFiles].flatMap((file) => {
      const text = read(file);
      const lines = text.split('\n');
      const cited = new Set(lines.flatMap((line, i) => (ISSUE_CITED.test(line) ? [i] : [])));
      for (const { pos, end } of commentsOf(file)) {
        for (const hash of text.slice(pos, end).matchAll(ISSUE_HASH)) cited.add(lineAt(text, pos + hash.index));
      }
      return [...cited].sort((a, b) => a - b).map((i) => `${file}:${i + 1}: ${lines[i]!.trim()}`);
    });
    expect(problems).toEqual([]);
  });
});

const commentCache = new Map<string, ts.CommentRange[]>();

/** The comments of a source file as its syntax tree places them, so a `//` inside a string or a pattern is none. */
function commentsOf(file: string): ts.CommentRange[] {
  const cached = commentCache.get(file);
  if (cached) return cached;
  const text = read(file);
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const comments = new Map<number, ts.CommentRange>();
  const keep = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) comments.set(range.pos, range);
  };
  const visit = (node: ts.Node) => {
    keep(ts.getLeadingCommentRanges(text, node.getFullStart()));
    keep(ts.getTrailingCommentRanges(text, node.getEnd()));
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  commentCache.set(file, [...comments.values()]);
  return commentCache.get(file)!;
}

/** Comment-only lines and non-blank lines of a source file; a line inside a block comment is a comment line. */
function commentLines(file: string): { comments: number; nonBlank: number } {
  const text = read(file);
  const inComment = new Uint8Array(text.length);
  for (const range of commentsOf(file)) inComment.fill(1, range.pos, range.end);
  let comments = 0;
  let nonBlank = 0;
  let offset = 0;
  for (const line of text.split('\n')) {
    let code = false;
    let any = false;
    for (let i = 0; i < line.length; i++) {
      if (/\s/.test(line[i]!)) continue;
      any = true;
      if (!inComment[offset + i]) code = true;
    }
    if (any) nonBlank++;
    if (any && !code) comments++;
    offset += line.length + 1;
  }
  return { comments, nonBlank };
}

/** Words that carry no meaning of their own when a comment is compared with the code under it. */
const FILLER = new Set(
  'a an the of to and or in on for by with from is are be it its this that as at when where which what one each every all no not'.split(
    ' ',
  ),
);
/** A word's rough stem, so "Creates" meets `createOrder` and "orders" meets `Order`. */
const stem = (word: string) =>
  word
    .toLowerCase()
    .replace(/ies$/, 'y')
    .replace(/(ing|ed|es|s)$/, '')
    .replace(/e$/, '');
const wordsOf = (text: string) =>
  text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word.length > 0 && !FILLER.has(word.toLowerCase()))
    .map(stem);

/**
 * The comments of `text` that only restate the line under them: a short comment (at most six words that
 * mean something) all of whose words are names on the next line, as `/** Creates the order. *\/` above
 * `function createOrder`. A comment that says why names something the code does not.
 */
function restatingComments(file: string, text: string): string[] {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: string[] = [];
  const seen = new Set<number>();
  const visit = (node: ts.Node) => {
    for (const range of ts.getLeadingCommentRanges(text, node.getFullStart()) ?? []) {
      if (seen.has(range.pos)) continue;
      seen.add(range.pos);
      const said = text
        .slice(range.pos, range.end)
        .replace(/^\/\*\*?|\*\/$|^\/\//g, '')
        .replace(/^\s*\*/gm, '');
      const words = wordsOf(said);
      if (words.length === 0 || words.length > 6) continue;
      const next =
        text
          .slice(range.end)
          .replace(/^\s*\n?/, '')
          .split('\n')[0] ?? '';
      const named = new Set(wordsOf(next));
      if (words.every((word) => named.has(word))) found.push(`${file}:${lineAt(text, range.pos) + 1}: ${said.trim()}`);
    }
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return found;
}

describe('comments', () => {
  it(`are at most ${COMMENT_SHARE_MAX * 100}% of the non-blank lines in src/server and src/shared (the share is printed)`, () => {
    const files = ['src/server', 'src/shared'].flatMap((dir) => filesUnder(dir, (f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f)));
    const total = files.map(commentLines).reduce((a, b) => ({ comments: a.comments + b.comments, nonBlank: a.nonBlank + b.nonBlank }));
    const share = total.comments / total.nonBlank;
    const figure = `${total.comments} comment lines of ${total.nonBlank} (${(100 * share).toFixed(1)}%)`;
    console.info(`comments in src/server and src/shared: ${figure}`);
    expect(share, figure).toBeLessThanOrEqual(COMMENT_SHARE_MAX);
  }, 60_000);

  it('never only restate the line under them, in src/', () => {
    expect(sourceFiles.filter((f) => !/\.test\.tsx?$/.test(f)).flatMap((file) => restatingComments(file, read(file)))).toEqual([]);
  }, 60_000);

  it('tells a restatement from a comment that says why', () => {
    expect(restatingComments('a.ts', '/** Creates the order. */\nexport function createOrder() {}\n')).toHaveLength(1);
    expect(restatingComments('a.ts', '// The orders.\nconst orders = [];\n')).toHaveLength(1);
    expect(
      restatingComments('a.ts', '/** Before the webhook: the provider may answer late. */\nexport function createOrder() {}\n'),
    ).toEqual([]);
    expect(restatingComments('a.ts', '// Integer centavos (gateway.md#amounts).\nconst amount = 1990;\n')).toEqual([]);
  });
});
