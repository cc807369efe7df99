import { describe, expect, it } from 'vitest';
import { funnelTotals, renderFunnelReport } from './funnel-report.ts';

const rows = [
  { day: '2026-11-21', event: 'page_view', path: '/presell', count: 100 },
  { day: '2026-11-22', event: 'page_view', path: '/presell', count: 100 },
  { day: '2026-11-22', event: 'presell_yes', path: '/presell', count: 150 },
  { day: '2026-11-22', event: 'page_view', path: '/', count: 120 },
  { day: '2026-11-22', event: 'page_view', path: '/termos', count: 9 },
  { day: '2026-11-22', event: 'begin_checkout', path: '/', count: 30 },
  { day: '2026-11-22', event: 'order_created', path: '/', count: 20 },
  { day: '2026-11-22', event: 'order_paid', path: '/', count: 5 },
  { day: '2026-11-22', event: 'not_found', path: '*', count: 4 },
];

describe('funnel report', () => {
  it('sums each step and gives the share of the step before', () => {
    expect(funnelTotals(rows).map(({ count, rate }) => [count, rate])).toEqual([
      [200, null],
      [150, 0.75],
      [120, 0.8],
      [30, 0.25],
      [20, 20 / 30],
      [5, 0.25],
    ]);
  });

  it('prints totals, rates, the overall conversion, 404s and one line per day', () => {
    const text = renderFunnelReport(rows, { from: '2026-11-16', to: '2026-11-22', days: 7 });
    expect(text).toContain('Funnel for the last 7 days (2026-11-16 to 2026-11-22, America/Sao_Paulo)');
    expect(text).toMatch(/Checkouts started\s+30\s+25\.0%/);
    expect(text).toMatch(/Orders created\s+20\s+66\.7%/);
    expect(text).toContain('Overall: 2.5% of pre-sell visitors paid.');
    expect(text).toContain('Pages not found (404): 4');
    expect(text).toMatch(/2026-11-21\s+100\s+0\s+0\s+0\s+0\s+0/);
  });

  it('shows a dash, not a division by zero, for an empty period', () => {
    const text = renderFunnelReport([], { from: '2026-11-22', to: '2026-11-22', days: 1 });
    expect(text).toMatch(/"Sim, quero!" clicks\s+0\s+—/);
    expect(text).toContain('Overall: — of pre-sell visitors paid.');
  });
});
