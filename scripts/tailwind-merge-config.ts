import fs from 'node:fs';
import path from 'node:path';
import { __unstable__loadDesignSystem as loadDesignSystem } from '@tailwindcss/node';
import { Scanner } from '@tailwindcss/oxide';
import { createTailwindMerge, getDefaultConfig, mergeConfigs, validators, type Config } from 'tailwind-merge';

/**
 * `npm run generate:tw-merge`: writes src/client/ui/tailwind-merge-config.ts, tailwind-merge's
 * default configuration cut down to the class groups our sources use.
 *
 * Why: `cn()` runs on the landing page as soon as its header and sticky bar come alive (the first
 * scroll) and in its checkout, and tailwind-merge's full default config is ≈ 5.6 KB brotli of the
 * ≈ 7.5 KB the library adds there (docs/decisions/0004-landing-islands.md). The buy buttons of the
 * first load do without it (ui/button.tsx). The merge engine is the library's own; only the
 * table of class groups is trimmed. tests/unit/tailwind-merge-config.test.ts fails when the
 * committed file differs from what this script would write now (a class of a new group was used):
 * run the script again.
 */

const root = path.resolve(import.meta.dirname, '..');
export const CONFIG_FILE = path.join(root, 'src/client/ui/tailwind-merge-config.ts');

/** Our theme's additions to Tailwind's scales that tailwind-merge cannot guess (src/client/styles.css @theme). */
const themeExtension = { shadow: ['cta'] };

type AnyConfig = Config<string, string>;

export function fullConfig(): AnyConfig {
  return mergeConfigs(getDefaultConfig() as unknown as AnyConfig, { extend: { theme: themeExtension } });
}

/**
 * Every Tailwind class in the client's sources, without variants: the candidates Tailwind's own
 * scanner finds, kept when our stylesheet's design system turns them into CSS (a word such as
 * `table` in a script is a candidate, not a class).
 */
export async function usedClasses(): Promise<string[]> {
  // Not the generated file itself: its group names would be read back as classes.
  const scanner = new Scanner({
    sources: [
      { base: path.join(root, 'src/client'), pattern: '**/*', negated: false },
      { base: path.dirname(CONFIG_FILE), pattern: path.basename(CONFIG_FILE), negated: true },
    ],
  });
  const stylesheet = path.join(root, 'src/client/styles.css');
  const design = await loadDesignSystem(fs.readFileSync(stylesheet, 'utf8'), { base: path.dirname(stylesheet) });
  const candidates = scanner.scan();
  const css = design.candidatesToCss(candidates);
  const bases = new Set<string>();
  for (const candidate of candidates.filter((_, index) => css[index] !== null)) {
    // `sm:hover:p-4` → `p-4`: modifiers never change a class's group.
    const base = candidate
      .split(/:(?![^[]*\])/)
      .pop()!
      .replace(/^!|!$/g, '');
    if (base) bases.add(base);
  }
  return [...bases].sort();
}

/** The groups of the full config that at least one of `candidates` belongs to. */
export function usedGroups(config: AnyConfig, candidates: readonly string[]): string[] {
  return Object.keys(config.classGroups).filter((group) => {
    const only = createTailwindMerge(() => ({
      ...config,
      classGroups: { [group]: config.classGroups[group]! },
      conflictingClassGroups: {},
      conflictingClassGroupModifiers: {},
    }));
    // A class of the group is merged with itself; any other class is left as it is. An arbitrary property
    // (`[scrollbar-width:none]`) merges with itself in every group, and tailwind-merge groups it on its own.
    return candidates.some((candidate) => !candidate.startsWith('[') && only(`${candidate} ${candidate}`) === candidate);
  });
}

function pick<T>(
  record: Partial<Record<string, T>>,
  keys: ReadonlySet<string>,
  map: (value: T) => T = (value) => value,
): Record<string, T> {
  return Object.fromEntries(
    Object.entries(record).flatMap(([key, value]) => (value !== undefined && keys.has(key) ? [[key, map(value)]] : [])),
  );
}

type ClassDefinition = AnyConfig['classGroups'][string][number];
type Validator = (value: string) => boolean;
type ThemeGetter = ((theme: AnyConfig['theme']) => readonly ClassDefinition[]) & { isThemeGetter: true };

/**
 * A group's definition with only what our classes need: fixed names we use (`flex` of `display`,
 * not `table-row`), and the validators and theme scales that accept a value we use (`w-full`
 * keeps `w`'s fraction and spacing rules only if some `w-…` needs them).
 */
function pruneDefinitions(
  definitions: readonly ClassDefinition[],
  prefix: string,
  used: ReadonlySet<string>,
  theme: AnyConfig['theme'],
): ClassDefinition[] {
  // The values our classes give this prefix (`w-1/2` → `1/2`), with and without a `/…` modifier.
  const values = [...used].flatMap((name) => {
    if (prefix === '' || !name.startsWith(`${prefix}-`)) return [];
    const value = name.slice(prefix.length + 1);
    return [value, value.replace(/\/[^/]*$/, '')];
  });
  const accepts = (definition: ClassDefinition): boolean => {
    if (typeof definition === 'string') return values.includes(definition);
    if (typeof definition !== 'function') return false;
    if ('isThemeGetter' in definition && definition.isThemeGetter) return (definition as ThemeGetter)(theme).some(accepts);
    return values.some((value) => (definition as Validator)(value));
  };
  return definitions.flatMap((definition): ClassDefinition[] => {
    if (typeof definition === 'string') {
      const name = definition === '' ? prefix : prefix === '' ? definition : `${prefix}-${definition}`;
      return used.has(name) ? [definition] : [];
    }
    if (typeof definition === 'function') return accepts(definition) ? [definition] : [];
    const object = Object.fromEntries(
      Object.entries(definition).flatMap(([key, inner]) => {
        const pruned = pruneDefinitions(inner, prefix === '' ? key : `${prefix}-${key}`, used, theme);
        return pruned.length > 0 ? [[key, pruned]] : [];
      }),
    );
    return Object.keys(object).length > 0 ? [object] : [];
  });
}

/** The theme scales (`fromTheme('spacing')`…) that some definition reads. */
function themeKeysOf(definitions: readonly (readonly ClassDefinition[])[]): Set<string> {
  const keys = new Set<string>();
  const visit = (definition: ClassDefinition): void => {
    if (typeof definition === 'function') {
      const themeKey = (definition as { themeKey?: string }).themeKey;
      if (themeKey !== undefined) keys.add(themeKey);
    } else if (typeof definition === 'object') {
      for (const inner of Object.values(definition)) inner.forEach(visit);
    }
  };
  definitions.forEach((list) => list.forEach(visit));
  return keys;
}

export function trimmedConfig(config: AnyConfig, groups: readonly string[], classes: readonly string[]): AnyConfig {
  const keep = new Set(groups);
  const onlyKept = (list: readonly string[]): readonly string[] => list.filter((group) => keep.has(group));
  const used = new Set(classes.map((name) => name.replace(/^-/, '')));
  const classGroups = pick(config.classGroups, keep, (definitions) => pruneDefinitions(definitions, '', used, config.theme));
  const nonEmpty = (record: Record<string, readonly string[]>) =>
    Object.fromEntries(Object.entries(record).filter(([, list]) => list.length > 0));
  return {
    ...config,
    // Only the scales the kept groups read.
    theme: pick(config.theme, themeKeysOf(Object.values(classGroups))),
    classGroups,
    conflictingClassGroups: nonEmpty(pick(config.conflictingClassGroups, keep, onlyKept)),
    conflictingClassGroupModifiers: nonEmpty(pick(config.conflictingClassGroupModifiers, keep, onlyKept)),
  };
}

const validatorNames = new Map<unknown, string>(Object.entries(validators).map(([name, fn]) => [fn, name]));

/** Writes a config value as TypeScript: validators and theme getters by name, the rest as literals. */
function toSource(value: unknown, indent: string): string {
  if (typeof value === 'function') {
    const themeKey = (value as { themeKey?: string }).themeKey;
    if (themeKey !== undefined) return `fromTheme(${JSON.stringify(themeKey)})`;
    const name = validatorNames.get(value);
    if (!name) throw new Error(`tailwind-merge config holds a function that is not an exported validator: ${String(value)}`);
    return `validators.${name}`;
  }
  if (Array.isArray(value)) return `[${value.map((item) => toSource(item, indent)).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const inner = `${indent}  `;
    const entries = Object.entries(value).map(([key, item]) => `${inner}${JSON.stringify(key)}: ${toSource(item, inner)},`);
    return entries.length === 0 ? '{}' : `{\n${entries.join('\n')}\n${indent}}`;
  }
  return JSON.stringify(value);
}

export async function configSource(): Promise<string> {
  const full = fullConfig();
  const classes = await usedClasses();
  const config = trimmedConfig(full, usedGroups(full, classes), classes);
  return [
    '// Generated by scripts/tailwind-merge-config.ts (`npm run generate:tw-merge`); do not edit.',
    "// tailwind-merge's default config with only the class groups src/client uses (see the script for why).",
    "import { fromTheme, validators, type Config } from 'tailwind-merge';",
    '',
    `export const tailwindMergeConfig: Config<string, string> = ${toSource(config, '')};`,
    '',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  fs.writeFileSync(CONFIG_FILE, await configSource());
  console.log(`Wrote ${path.relative(root, CONFIG_FILE)}`);
}
