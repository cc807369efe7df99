import fs from 'node:fs';
import { createTailwindMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { CONFIG_FILE, configSource, fullConfig, usedClasses } from '../../scripts/tailwind-merge-config.ts';
import { cn } from '../../src/client/ui/cn.ts';
import { tailwindMergeConfig } from '../../src/client/ui/tailwind-merge-config.ts';

describe("cn's trimmed tailwind-merge config", () => {
  it('is what the generator writes from the current sources (run `npm run generate:tw-merge` after using a new kind of class)', async () => {
    expect(fs.readFileSync(CONFIG_FILE, 'utf8')).toBe(await configSource());
  });

  it('merges every pair of the classes we use exactly as the full default config does', async () => {
    const full = createTailwindMerge(() => fullConfig());
    const trimmed = createTailwindMerge(() => tailwindMergeConfig);
    const classes = await usedClasses();
    expect(classes.length).toBeGreaterThan(100);
    const differences: string[] = [];
    for (const first of classes) {
      for (const second of classes) {
        const input = `${first} ${second}`;
        if (full(input) !== trimmed(input)) differences.push(`${input} → ${trimmed(input)} (full: ${full(input)})`);
      }
    }
    expect(differences).toEqual([]);
  });

  it('lets a className passed to a component win over its base classes', () => {
    // The sold-out buy button turns the CTA's gap off and stacks its two lines.
    expect(cn('inline-flex gap-2 rounded-xl', 'flex-col gap-0')).toBe('inline-flex rounded-xl flex-col gap-0');
    expect(cn('min-h-14 px-6 text-base sm:text-lg', 'text-xl')).toBe('min-h-14 px-6 sm:text-lg text-xl');
    expect(cn('text-slate-300', false, 'text-white')).toBe('text-white');
    expect(cn('bg-ink-800 hover:bg-ink-700', 'bg-brand-500')).toBe('hover:bg-ink-700 bg-brand-500');
  });
});
