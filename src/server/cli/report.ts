import { runCli, withCliDatabase } from './cli-config.ts';
import { readFunnel, renderFunnelReport, renderRecoveryReport } from '../funnel/funnel-report.ts';
import { recoveryFigures } from '../funnel/recovery-figures.ts';
import { readRecoveryFacts } from '../funnel/recovery-facts.ts';
import { businessDay, businessDayStart } from '../../shared/time.ts';
import { sumOrdersBySource } from '../reads/sales-by-source.ts';
import { renderAffiliateReport, renderSourceReport } from '../funnel/attribution-report.ts';
import { sumOrdersByAffiliate } from '../reads/affiliate-figures.ts';
import { readBumpFunnel, renderBumpFunnel } from '../funnel/bump-funnel.ts';
import { renderOpenDuplicates } from '../duplicates/duplicate-report.ts';
import { listOpenDuplicates } from '../orders/order-lookup.ts';
import { readMedReturns, renderMedReturns } from '../disputes/dispute-report.ts';

/** `npm run report [-- --days N]`: funnel, sales by source and by affiliate, bump steps, recovered PIX, duplicates to refund, MED returns. */
function parseDays(argv: string[]): number | string {
  const index = argv.findIndex((arg) => arg === '--days' || arg.startsWith('--days='));
  if (index === -1) return 7;
  const raw = argv[index]!.includes('=') ? argv[index]!.split('=')[1] : argv[index + 1];
  const days = Number(raw);
  return Number.isInteger(days) && days >= 1 && days <= 366 ? days : `--days must be a whole number from 1 to 366 (got "${raw ?? ''}")`;
}

async function main(): Promise<number> {
  const days = parseDays(process.argv.slice(2));
  if (typeof days === 'string') {
    process.stderr.write(`${days}\nUsage: npm run report -- [--days N]\n`);
    return 2;
  }
  return withCliDatabase(async (database, config) => {
    const now = Date.now();
    const to = businessDay(now);
    // Whole São Paulo days: today and the N−1 before it (noon avoids any daylight-saving edge).
    const from = businessDay(Date.parse(`${to}T12:00:00-03:00`) - (days - 1) * 86_400_000);
    const rows = await readFunnel(database.db, from, to);
    process.stdout.write(`${renderFunnelReport(rows, { from, to, days })}\n`);
    const bySource = await sumOrdersBySource(database.db, businessDayStart(from), businessDayStart(to, 1));
    process.stdout.write(`\n${renderSourceReport(bySource, { from, to })}\n`);
    const byAffiliate = await sumOrdersByAffiliate(database.db, businessDayStart(from), businessDayStart(to, 1));
    process.stdout.write(`\n${renderAffiliateReport(byAffiliate, { from, to })}\n`);
    const bump = await readBumpFunnel(database.db, businessDayStart(from), businessDayStart(to, 1));
    const checkoutsStarted = rows.filter((row) => row.event === 'begin_checkout').reduce((sum, row) => sum + Number(row.count), 0);
    process.stdout.write(`\n${renderBumpFunnel(bump, checkoutsStarted, { from, to })}\n`);
    const countsSimulated = config.demoMode && config.whatsapp.cloud === null;
    const facts = await readRecoveryFacts(database.db, businessDayStart(from), { countSimulated: countsSimulated });
    const priceCents = config.whatsapp.priceCents;
    const recovery = recoveryFigures(facts.orders, facts.whatsappSentAt, {
      from: businessDayStart(from),
      to: businessDayStart(to, 1),
      priceCents,
    });
    process.stdout.write(`\n${renderRecoveryReport(recovery, { from, to }, { priceCents, countsSimulated })}\n`);
    process.stdout.write(`\n${renderOpenDuplicates(await listOpenDuplicates(database.db))}\n`);
    const medReturns = await readMedReturns(database.db, businessDayStart(from), businessDayStart(to, 1));
    process.stdout.write(`\n${renderMedReturns(medReturns)}\n`);
    return 0;
  });
}

runCli('Report failed', main);
