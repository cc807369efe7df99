import { describe, expect, it } from 'vitest';
import { assertEntriesIsolated } from '../../scripts/build.ts';

describe('assertEntriesIsolated', () => {
  const entries = {
    'landing-main.tsx': { file: 'assets/landing.js', isEntry: true, imports: ['_initial.js'], dynamicImports: ['checkout.tsx'] },
    'presell-main.tsx': { file: 'assets/presell.js', isEntry: true, imports: ['_initial.js'] },
    '_initial.js': { file: 'assets/initial.js' },
  };

  it('accepts chunks that import shared code or their own entry', () => {
    expect(() =>
      assertEntriesIsolated({ ...entries, 'checkout.tsx': { file: 'assets/checkout.js', imports: ['landing-main.tsx', '_initial.js'] } }),
    ).not.toThrow();
  });

  it("fails when a lazy chunk of one page imports another page's entry (its start would run)", () => {
    expect(() =>
      assertEntriesIsolated({ ...entries, 'checkout.tsx': { file: 'assets/checkout.js', imports: ['presell-main.tsx'] } }),
    ).toThrow('build: assets/checkout.js, loaded by landing-main.tsx, imports the entry presell-main.tsx');
  });
});
