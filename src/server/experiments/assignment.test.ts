import { describe, expect, it } from 'vitest';
import { keptVariants } from '../../shared/experiments/variant-cookie.ts';
import { assignVariant, dailyVisitorId, isAutomated, isConsoleSession, pickVariant } from './assignment.ts';

const CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

describe('A/B test assignment', () => {
  it('splits visitors by the weights: 1:3 gives B about three in four of 20,000 visitors', () => {
    const counts = [0, 0];
    for (let visitor = 0; visitor < 20_000; visitor++)
      counts[pickVariant(dailyVisitorId('sal', `10.0.${visitor >> 8}.${visitor & 255}`, CHROME, 'exp_a'), [1, 3])]! += 1;
    // ±4 standard deviations of a binomial(20,000, 0.25): about ±245.
    expect(Math.abs(counts[0]! - 5_000)).toBeLessThan(245);
  });

  it('gives the same visitor the same variant all day, and another id once the salt changes', () => {
    const today = dailyVisitorId('salt-1', '203.0.113.9', CHROME, 'exp_a');
    expect(dailyVisitorId('salt-1', '203.0.113.9', CHROME, 'exp_a')).toBe(today);
    expect(dailyVisitorId('salt-2', '203.0.113.9', CHROME, 'exp_a')).not.toBe(today);
    expect(today).not.toContain('203.0.113.9');
  });

  it('leaves crawlers, link previews, scripts and the console’s session out', () => {
    expect(isAutomated(CHROME)).toBe(false);
    for (const agent of [
      undefined,
      'Googlebot/2.1 (+http://www.google.com/bot.html)',
      'WhatsApp/2.23.20.0',
      'facebookexternalhit/1.1',
      'curl/8.5.0',
    ])
      expect(isAutomated(agent)).toBe(true);
    expect(isConsoleSession('a=1; vitrine_admin=xyz', 'vitrine_admin')).toBe(true);
    expect(isConsoleSession('vitrine_consent=1', 'vitrine_admin')).toBe(false);
  });

  it('keeps the variant a consented visitor’s cookie names for the running test, and nothing else', () => {
    // A visitor the day's hash puts on A: the cookie keeps B for exp_a only, and names no variant C of a two-variant test.
    const visitor = Array.from({ length: 50 }, (_, n) => dailyVisitorId('salt', `198.51.100.${n}`, CHROME, 'exp_a')).find(
      (id) => pickVariant(id, [1, 1]) === 0,
    )!;
    const choose = (cookie: string, test: string, weights: number[]) => assignVariant(keptVariants(cookie), test, visitor, weights);
    // The version, and how it was assigned: the split check counts only the days the hash drew.
    expect(choose('vitrine_ab=exp_a.1', 'exp_a', [1, 1])).toEqual({ variant: 1, kept: true });
    expect(choose('vitrine_ab=exp_other.1', 'exp_a', [1, 1])).toEqual({ variant: 0, kept: false });
    expect(choose('vitrine_ab=exp_a.2', 'exp_a', [1, 1])).toEqual({ variant: 0, kept: false });
    expect(choose('vitrine_ab=__proto__.1', '__proto__', [1, 1, 1])).toEqual({ variant: 1, kept: true });
    expect(choose('vitrine_ab=exp_a.1~', 'exp_a', [1, 1])).toEqual({ variant: 0, kept: false });
  });
});
