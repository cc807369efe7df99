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

  it("fails when a lazy chunk of the landing page imports the app's start-up file (code and CSS it never uses)", () => {
    expect(() =>
      assertEntriesIsolated({
        ...entries,
        'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_app-initial.js'] },
        '_app-initial.js': { file: 'assets/app-initial-abc.js' },
        'checkout.tsx': { file: 'assets/checkout.js', imports: ['_app-initial.js'] },
      }),
    ).toThrow("build: assets/checkout.js, loaded by landing-main.tsx, imports another page's start-up file assets/app-initial-abc.js");
  });

  it("accepts a page's lazy chunks importing its own start-up file", () => {
    expect(() =>
      assertEntriesIsolated({
        ...entries,
        '_landing-initial.js': { file: 'assets/landing-initial-abc.js' },
        'checkout.tsx': { file: 'assets/checkout.js', imports: ['_landing-initial.js', '_initial.js'] },
      }),
    ).not.toThrow();
  });
});
