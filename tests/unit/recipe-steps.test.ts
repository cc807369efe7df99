import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { refundEmails } from '../../src/content/emails.ts';
import { RECORDED_EVIDENCE_KINDS } from '../../src/server/evidence/evidence.ts';
import { REFUND_EMAIL_KINDS } from '../../src/server/refunds/refund-email.ts';
import { SUBSCRIBERS } from '../../src/server/subscribers.ts';

/**
 * "Adding an e-mail" and "Adding a refund step" (docs/architecture.md) list exactly the files the change takes, as
 * the model shows: the files named for it, the files holding its own pieces, and every file that names each member
 * of a list it belongs to (each e-mail kind, each console refund route…), since a new one must be added there too.
 */

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const THIS_TEST = 'tests/unit/recipe-steps.test.ts';

const files = execFileSync('git', ['ls-files', 'src', 'tests', 'docs', 'README.md'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.(ts|tsx|md)$/.test(file) && file !== THIS_TEST && fs.existsSync(path.join(root, file)));
const texts = new Map(files.map((file) => [file, read(file)]));

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const word = (name: string) => new RegExp(`\\b${escape(name)}\\b`);

/** The files that name every member, as `names` finds one in a text. */
function namingEvery(members: readonly string[], names: (text: string, member: string) => boolean = (t, m) => word(m).test(t)) {
  expect(members.length).toBeGreaterThan(1);
  return files.filter((file) => members.every((member) => names(texts.get(file)!, member)));
}

function section(heading: string): string {
  const part = read('docs/architecture.md')
    .split(/\n(?=#{2,3} )/)
    .find((each) => each.startsWith(`### ${heading}\n`));
  expect(part, heading).toBeDefined();
  return part!;
}

/** The recipe's files: its backticked repository paths; a file it only points at is written without `src/`. */
function recipeFiles(recipe: string): string[] {
  const paths = [...recipe.matchAll(/`([^`\s]+)`/g)].map((match) => match[1]!);
  return [...new Set(paths.filter((entry) => /^(src|tests|docs)\/|^README\.md$/.test(entry) && entry !== THIS_TEST))].sort();
}

const missingFrom = (recipe: string, needed: readonly string[]) => needed.filter((file) => !recipeFiles(recipe).includes(file));

/** The recipe lists exactly the files needed; each, its placeholders filled from the model, exists; one taken out is missed. */
function checkRecipe(heading: string, needed: () => Promise<string[]> | string[], model: (file: string) => string = (file) => file) {
  const recipe = section(heading);

  it('lists every file the model shows the change takes, and no other', async () => {
    const files = await needed();
    expect(missingFrom(recipe, files)).toEqual([]);
    expect(recipeFiles(recipe)).toEqual(files);
  });

  it('lists only files the model has', () => {
    expect(recipeFiles(recipe).filter((file) => !fs.existsSync(path.join(root, model(file))))).toEqual([]);
  });

  it('would miss any one of them taken out of the list', async () => {
    const files = await needed();
    for (const file of files) expect(missingFrom(recipe.replaceAll(`\`${file}\``, ''), files), file).toEqual([file]);
  });
}

describe('"Adding an e-mail", followed on the first buyer e-mail of the subscribers table', () => {
  const emailRows = SUBSCRIBERS.filter(([, , kind, handler]) => kind !== null && handler === 'e-mail');
  const [, subscriber, kind, , , , , timeline] = emailRows.find(([, , , , , toBuyer]) => toBuyer)!;
  const emailFile = files.find(
    (file) => /^src\/server\/[a-z-]+\/[a-z-]+-email\.ts$/.test(file) && texts.get(file)!.includes(`= '${kind}'`),
  )!;
  const [, feature, name] = /^src\/server\/([a-z-]+)\/([a-z-]+)-email\.ts$/.exec(emailFile ?? '') ?? [];
  const scratch = (file: string) =>
    file
      .replace(`src/server/${feature}/${name}-email`, 'src/server/<feature>/<name>-email')
      .replace(`src/server/${feature}/${feature}-`, 'src/server/<feature>/<feature>-');

  async function needed(): Promise<string[]> {
    expect(emailFile, `the file of the e-mail kind ${kind}`).toBeDefined();
    const named = files.filter((file) => file.startsWith(`src/server/${feature}/${name}-email.`));
    const wiring = files.filter(
      (file) => file.startsWith('src/server/') && texts.get(file)!.includes(`export function ${subscriber.name}(`),
    );
    // The content module holding the row's timeline words, among those subscribers.ts reads.
    const contents = [...read('src/server/subscribers.ts').matchAll(/from '\.\.\/(content\/[a-z-]+\.ts)'/g)].map(
      (match) => `src/${match[1]}`,
    );
    const holders: string[] = [];
    for (const file of contents) {
      const values = Object.values((await import(path.join(root, file))) as Record<string, unknown>);
      if (values.some((value) => value === timeline || Object.values(Object(value)).includes(timeline))) holders.push(file);
    }
    const kinds = emailRows.map(([, , each]) => each!.replace(/:$/, ''));
    const words = Object.keys(await import('../../src/content/emails.ts'));
    const all = [...named, ...wiring, ...holders, ...namingEvery(kinds), ...namingEvery(words)];
    expect(wiring).toHaveLength(1);
    expect(holders).toHaveLength(1);
    return [...new Set(all.map(scratch))].sort();
  }

  checkRecipe('Adding an e-mail', needed, (file) => file.replaceAll('<feature>', feature!).replaceAll('<name>', name!));
});

describe('"Adding a refund step", followed on the console’s last refund decision', () => {
  const routes = read('src/server/routes/admin/refunds.ts');
  const decisionsText = read('src/server/refunds/seller-decisions.ts');
  const posts = [...routes.matchAll(/\.post\(\s*'([^']+)'/g)].map((match) => ({ path: match[1]!, at: match.index }));
  const model = posts.at(-1)!;
  const handler = routes.slice(model.at, routes.indexOf('\n    .', model.at + 1));
  const decisions = [...decisionsText.matchAll(/export async function (\w+)/g)].map((match) => match[1]!);
  const decision = decisions.find((each) => handler.includes(`${each}(`))!;
  const schema = /json\((\w+Schema)/.exec(handler)?.[1] ?? '';
  const importsOf = (text: string, from: string) =>
    [...text.matchAll(new RegExp(`^import \\{([^}]+)\\} from '${escape(from)}([a-z-/]+\\.ts)';$`, 'gm'))].map(([, names, module]) => ({
      names: names!.split(',').map((each) => each.trim().split(' as ').at(-1)!),
      module: module!,
    }));

  /** The decision's own pieces: its repository functions, the copy its handler reads, its schema, its feature's files naming it. */
  function ownFiles(): string[] {
    const start = decisionsText.indexOf(`function ${decision}(`);
    const body = decisionsText.slice(start, decisionsText.indexOf('\nexport', start));
    const elsewhere = decisionsText.replace(body, '').replace(/^import[^;]+;$/gm, '');
    const onlyItCalls = importsOf(decisionsText, './').filter(({ names }) =>
      names.some((each) => word(each).test(body) && !word(each).test(elsewhere)),
    );
    const copy = importsOf(routes, '../../../content/').filter(({ names }) => names.some((each) => handler.includes(`${each}.`)));
    const route = model.path.replace('/orders/:id', '');
    return [
      ...onlyItCalls.map(({ module }) => `src/server/refunds/${module}`),
      ...copy.map(({ module }) => `src/content/${module}`),
      ...files.filter((file) => word(schema).test(texts.get(file)!)),
      ...files.filter(
        (file) => /(^|\/)refunds\.[a-z.]+$/.test(file) && [route, decision, schema].some((id) => texts.get(file)!.includes(id)),
      ),
    ];
  }

  /** The lists a new decision joins: the console's refund routes, the decisions, the audit actions, the timeline's events… */
  function listFiles(): string[] {
    const events = [.../RefundTimelineEvent =([^;]+);/.exec(read('src/shared/admin.ts'))![1]!.matchAll(/'(\w+)'/g)].map((m) => m[1]!);
    // The panel's buttons: the view's flags documented by their label.
    const buttons = [...read('src/client/admin/orders/refund-state.ts').matchAll(/\/\*\* "[^\n]*\*\/\n\s+(\w+): boolean/g)].map(
      (m) => m[1]!,
    );
    const emailWords = Object.entries(refundEmails).flatMap(([key, value]) => (typeof value === 'object' ? [key] : []));
    return [
      ...namingEvery(
        posts.map((post) => post.path),
        (text, path) => new RegExp(`${escape(path)}['\`]`).test(text),
      ),
      ...namingEvery(decisions),
      ...namingEvery([...routes.matchAll(/action: '(\w+)'/g)].map((match) => match[1]!)),
      ...namingEvery(events, (text, event) => text.includes(`'${event}'`) || new RegExp(`\\b${event}:`).test(text)),
      ...namingEvery(buttons, (text, flag) => text.includes(`'${flag}'`) || new RegExp(`view\\.${flag}\\b|\\b${flag}:`).test(text)),
      ...namingEvery(REFUND_EMAIL_KINDS),
      ...namingEvery(emailWords),
      ...namingEvery(RECORDED_EVIDENCE_KINDS),
    ];
  }

  checkRecipe('Adding a refund step', () => {
    expect(decision, 'the model named in the recipe').toBe('declineRefundRequest');
    expect(ownFiles()).toContain('src/server/refunds/refunds-repository.ts');
    return [...new Set([...ownFiles(), ...listFiles()])].sort();
  });
});
