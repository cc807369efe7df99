import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROVIDER_IDS } from '../../src/server/gateway/provider-registry.ts';

/**
 * The recipes in docs/architecture.md list the files a change takes, and the lists of providers in the README and
 * docs/configuration.md are the registry's. "Adding a PIX provider" is followed on the model provider (the last
 * registered): every file named for it, and every file that names each registered provider (so a new one must be
 * added there too), is in the recipe, with `acme` for the id; every file the recipe lists exists for the model.
 */

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const SCRATCH = 'acme';

function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`### ${heading}\n`);
  expect(start, heading).toBeGreaterThanOrEqual(0);
  const end = markdown.indexOf('\n#', start + heading.length + 5);
  return markdown.slice(start, end === -1 ? undefined : end);
}

/** The recipe's files: its backticked repository paths (a folder ends with `/`), the scratch id as written. */
function recipeFiles(recipe: string): string[] {
  const paths = [...recipe.matchAll(/`([^`\s]+)`/g)].map((match) => match[1]!);
  return [...new Set(paths.filter((entry) => /^(src|tests|docs)\/|^README\.md$|^\.env\.example$/.test(entry)))].sort();
}

function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((file) => file !== '' && fs.existsSync(path.join(root, file)));
}

/** A file names a provider by its id, or Efí by its name with the accent. */
function namesProvider(text: string, id: string): boolean {
  return new RegExp(`\\b${id}\\b`, 'i').test(text) || (id === 'efi' && /\bEfí\b/.test(text));
}

/**
 * What a new provider takes, read off the model: the files named for it (its folder and its test folder each as one) and
 * the files naming every provider.
 */
function filesAProviderTakes(
  files: readonly string[],
  model: string,
  ids: readonly string[],
  textOf: (file: string) => string = (file) => fs.readFileSync(path.join(root, file), 'utf8'),
): string[] {
  const folders = [`src/server/gateway/providers/${model}/`, `tests/support/providers/${model}/`];
  const inFolder = (file: string) => folders.find((folder) => file.startsWith(folder));
  const named = files
    .filter((file) => inFolder(file) !== undefined || path.basename(file).toLowerCase().includes(model))
    .map((file) => (inFolder(file) ?? file).replaceAll(model, SCRATCH));
  const everyone = files.filter((file) => {
    if (file.startsWith('docs/benchmarks') || inFolder(file) || file === 'tests/unit/recipes.test.ts') return false;
    const text = textOf(file);
    return ids.every((id) => namesProvider(text, id));
  });
  return [...new Set([...named, ...everyone])].sort();
}

describe('the provider recipe', () => {
  const recipe = section(read('docs/architecture.md'), 'Adding a PIX provider');
  const model = PROVIDER_IDS.at(-1)!;

  it('lists every file a provider takes, as the model provider shows', () => {
    const needed = filesAProviderTakes(trackedFiles(), model, PROVIDER_IDS);
    expect(needed).toContain(`src/server/gateway/providers/${SCRATCH}/`);
    expect(needed).toContain('src/server/gateway/provider-registry.ts');
    expect(needed.filter((file) => !recipeFiles(recipe).includes(file))).toEqual([]);
  });

  it('lists no file the model provider does not have', () => {
    const missing = recipeFiles(recipe)
      .map((file) => file.replaceAll(SCRATCH, model))
      .filter((file) => !fs.existsSync(path.join(root, file)));
    expect(missing).toEqual([]);
  });

  it('would miss a scratch provider’s file taken out of the list, and a file naming every provider', () => {
    const files = [
      'src/server/gateway/providers/zeta/index.ts',
      'tests/integration/provider-zeta.test.ts',
      'docs/payments.md',
      'src/server/unrelated.ts',
    ];
    const texts: Record<string, string> = { 'docs/payments.md': 'zeta and omega', 'src/server/unrelated.ts': 'zeta only' };
    const needed = filesAProviderTakes(files, 'zeta', ['zeta', 'omega'], (file) => texts[file] ?? '');
    expect(needed).toEqual([
      'docs/payments.md',
      `src/server/gateway/providers/${SCRATCH}/`,
      `tests/integration/provider-${SCRATCH}.test.ts`,
    ]);
    const listed = recipeFiles(`\`src/server/gateway/providers/${SCRATCH}/\` and \`docs/payments.md\``);
    expect(needed.filter((file) => !listed.includes(file))).toEqual([`tests/integration/provider-${SCRATCH}.test.ts`]);
  });
});

describe('the refund step and e-mail recipes', () => {
  for (const heading of ['Adding a refund step', 'Adding an e-mail']) {
    it(`"${heading}" names only files that exist`, () => {
      const listed = recipeFiles(section(read('docs/architecture.md'), heading)).filter((file) => !file.includes('<'));
      expect(listed.length).toBeGreaterThan(2);
      expect(listed.filter((file) => !fs.existsSync(path.join(root, file)))).toEqual([]);
    });
  }
});

describe('the lists of providers', () => {
  /** The ids backticked in the `PAYMENT_PROVIDERS` row of a settings table. */
  function listedIds(markdown: string): string[] {
    const row = markdown.split('\n').find((line) => line.startsWith('| `PAYMENT_PROVIDERS`'));
    expect(row).toBeDefined();
    const ids = [...row!.matchAll(/`([a-z]+)`/g)].map((match) => match[1]!);
    return [...new Set(ids)].sort();
  }

  for (const file of ['README.md', 'docs/configuration.md']) {
    it(`in ${file} are the registry's, Woovi included`, () => {
      expect(listedIds(read(file))).toEqual([...PROVIDER_IDS].sort());
      expect(PROVIDER_IDS).toContain('woovi');
    });
  }
});
