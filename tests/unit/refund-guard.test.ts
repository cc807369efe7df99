import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One dispute guard for refunds (docs/disputes.md#never-twice): `refunds/refund-approval.ts` asks it for every approval
 * and the buyer's request, and the refund-step recipe names it; no route, step or outbox handler asks on its own.
 */

const root = path.resolve(import.meta.dirname, '../..');
const serverDir = path.join(root, 'src/server');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The files that ask whether a purchase has a dispute open: a call of the guard's queries (one purchase, or many) or of the deps' function. */
function askers(files: Record<string, string>): string[] {
  return Object.entries(files)
    .filter(([, text]) => /(?<!function )\b(?:purchaseHasOpenDispute|purchasesWithOpenDispute)\(|\.hasOpenDispute\(/.test(text))
    .map(([file]) => file)
    .sort();
}

describe('the refund dispute guard', () => {
  it('is asked in refund-approval.ts only, and read by the guarantee card and the commissions it holds', () => {
    const files = Object.fromEntries(
      sourceFiles(serverDir).map((file) => [path.relative(root, file).split(path.sep).join('/'), fs.readFileSync(file, 'utf8')]),
    );
    expect(askers(files)).toEqual([
      'src/server/affiliates/commissions.ts',
      'src/server/refunds/buyer-guarantee.ts',
      'src/server/refunds/refund-approval.ts',
    ]);
    // The card only shows it (`disputeOpen`), a commission stays pending while it holds: neither approves anything.
    for (const reader of ['src/server/refunds/buyer-guarantee.ts', 'src/server/affiliates/commissions.ts'])
      expect(files[reader]).not.toMatch(/recordApproval|approveRefund/);
  });

  it('would find a route asking on its own', () => {
    const route = 'if (!(await purchaseHasOpenDispute(c.var.db, orderId))) return undefined;';
    expect(
      askers({
        'src/server/routes/admin/disputes.ts': route,
        'src/server/refunds/refund-approval.ts': 'approvals.hasOpenDispute(trx, id)',
      }),
    ).toEqual(['src/server/refunds/refund-approval.ts', 'src/server/routes/admin/disputes.ts']);
  });

  it('is named by the refund-step recipe', () => {
    const architecture = fs.readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
    const start = architecture.indexOf('### Adding a refund step\n');
    const recipe = architecture.slice(start, architecture.indexOf('\n### ', start + 1));
    expect(recipe).toContain('`recordApproval`');
    expect(recipe).toContain('`askDisputeGuard`');
  });
});
