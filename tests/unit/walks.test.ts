import { describe, expect, it } from 'vitest';
import { brokenSteps, folderEntries, MAX_ENTRIES, WALKS } from './walks.ts';

describe("a newcomer's walks", () => {
  for (const [name, walk] of Object.entries(WALKS)) {
    describe(name, () => {
      it('follow the imports, step by step', () => {
        expect(walk.length).toBeGreaterThan(8);
        expect(brokenSteps(walk)).toEqual([]);
      });

      it(`enter no folder more than ${MAX_ENTRIES} times`, () => {
        const over = [...folderEntries(walk)].filter(([, count]) => count > MAX_ENTRIES);
        expect(over.map(([folder, count]) => `${folder}: ${count}`)).toEqual([]);
      });
    });
  }

  it('would see a step that does not import the next, a file gone, and a folder entered four times', () => {
    expect(brokenSteps(['server/routes/webhooks.ts', 'server/mail/define-email.ts'])).toEqual([
      'server/routes/webhooks.ts ↛ server/mail/define-email.ts',
    ]);
    expect(brokenSteps(['server/routes/webhooks.ts', 'server/orders/provider-webhook.ts'])).toEqual([
      'server/orders/provider-webhook.ts is gone',
    ]);
    const zigzag = [
      'server/a/1.ts',
      'server/b/1.ts',
      'server/a/2.ts',
      'server/a/3.ts',
      'server/c/1.ts',
      'server/a/4.ts',
      'server/b/2.ts',
      'server/a/5.ts',
    ];
    expect(folderEntries(zigzag)).toEqual(
      new Map([
        ['server/a', 4],
        ['server/b', 2],
        ['server/c', 1],
      ]),
    );
  });
});
