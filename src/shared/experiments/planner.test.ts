import { describe, expect, it } from 'vitest';
import { planForDays, planForLift, plannedSettings, redrawnReturns } from './planner.ts';

const threePercent = { metric: 'conversion', rate: 0.03 } as const;

describe('the planner', () => {
  it('states the fixed-horizon size, the sequential cost and the days for +20% on a 3% conversion', () => {
    const plan = planForLift({ baseline: threePercent, visitorsPerDay: 1000 }, 0.2);
    expect(plan.fixedHorizonVisitors).toBe(27_822);
    expect(plan.widthInflation).toBeCloseTo(1.55, 2);
    // Tuned to its own end, the sequence costs about 1.65 times a test read once (tuned to a larger plan, it cost 1.9).
    expect(plan.visitors / plan.fixedHorizonVisitors).toBeGreaterThan(1.55);
    expect(plan.visitors / plan.fixedHorizonVisitors).toBeLessThan(1.75);
    expect(plan.days).toBe(Math.ceil(plan.visitors / 1000));
    expect(plan.medianDays).toBeGreaterThan(0.5 * plan.days);
    expect(plan.medianDays).toBeLessThan(0.7 * plan.days);
    expect(plan.warnings).toEqual([]);
  });

  it('warns past 60 days, and never plans a test whose versions would not reach 100 sales', () => {
    expect(planForLift({ baseline: threePercent, visitorsPerDay: 100 }, 0.2).warnings).toEqual(['long']);
    const doubling = planForLift({ baseline: threePercent, visitorsPerDay: 100 }, 2);
    expect((doubling.visitors / 2) * 0.03).toBeGreaterThan(100);
  });

  it('finds the smallest lift a given number of days can show, tuned to those days, none without 100 sales per arm by then', () => {
    const plan = planForDays({ baseline: threePercent, visitorsPerDay: 1000 }, 28)!;
    expect(plan.days).toBe(28);
    expect(plan.visitors).toBe(28_000);
    const back = planForLift({ baseline: threePercent, visitorsPerDay: 1000 }, plan.lift);
    expect(Math.abs(back.visitors - 28_000)).toBeLessThanOrEqual(28_000 * 0.01);
    expect(planForDays({ baseline: threePercent, visitorsPerDay: 100 }, 30)).toBe(undefined);
  });

  it("plans revenue per visitor with each version's own variance: a single price plans as conversion does", () => {
    const price = 1990;
    const revenue = { metric: 'revenue', meanCents: 0.03 * price, varianceCents: price ** 2 * 0.03 * 0.97, conversionRate: 0.03 } as const;
    expect(planForLift({ baseline: revenue, visitorsPerDay: 1000 }, 0.2).visitors).toBe(
      planForLift({ baseline: threePercent, visitorsPerDay: 1000 }, 0.2).visitors,
    );
  });

  it('splits alpha over the pairs of more versions, each of which the winner must beat', () => {
    const revenue = { metric: 'revenue', meanCents: 70, varianceCents: 160_000, conversionRate: 0.03 } as const;
    const two = planForLift({ baseline: revenue, visitorsPerDay: 1000 }, 0.2);
    const four = planForLift({ baseline: revenue, visitorsPerDay: 1000, arms: 4 }, 0.2);
    expect(four.visitors / 4).toBeGreaterThan(1.5 * (two.visitors / 2));
    expect(four.widthInflation).toBeLessThan(two.widthInflation);
  });

  it('asks an uneven split for the visitors its thinnest version needs: 80/20 about 1.6 times 50/50, 90/10 about 3 times', () => {
    const even = planForLift({ baseline: threePercent, visitorsPerDay: 1000 }, 0.2);
    const eighty = planForLift({ baseline: threePercent, visitorsPerDay: 1000, weights: [80, 20] }, 0.2);
    const ninety = planForLift({ baseline: threePercent, visitorsPerDay: 1000, weights: [90, 10] }, 0.2);
    expect(eighty.visitors / even.visitors).toBeGreaterThan(1.5);
    expect(ninety.visitors / even.visitors).toBeGreaterThan(2.7);
    // In the same days an uneven split finds only a larger lift.
    expect(planForDays({ baseline: threePercent, visitorsPerDay: 1000, weights: [80, 20] }, 28)!.lift).toBeGreaterThan(
      planForDays({ baseline: threePercent, visitorsPerDay: 1000 }, 28)!.lift * 1.2,
    );
  });

  it('tunes a started test to the visitors expected by its end date, whatever lift the seller wants', () => {
    const input = { baseline: threePercent, visitorsPerDay: 300 };
    expect(plannedSettings(input, 0.2, 30, 20_000)).toEqual({ plannedVisitors: 9000, plannedLift: 0.2 });
    expect(plannedSettings(undefined, Number.NaN, 30, 20_000)).toEqual({ plannedVisitors: 20_000, plannedLift: 0.2 });
  });

  it('sets the "sem diferença" margin at the lift the visitor-days show, smaller with returns drawn again', () => {
    // A quarter of the visitor-days drawn again, 50/50: +20% on people shows as 0.75 × 20% / (1 + 0.25 × 0.5 × 20%).
    const diluted = { baseline: threePercent, visitorsPerDay: 300, redrawnReturns: 0.25 };
    expect(plannedSettings(diluted, 0.2, 30, 20_000).plannedLift).toBeCloseTo(0.15 / 1.025, 12);
    // The lifted version is the thinnest: at 80/20 it is 20% of the returns drawn again.
    expect(plannedSettings({ ...diluted, weights: [80, 20] }, 0.2, 30, 20_000).plannedLift).toBeCloseTo(0.15 / 1.01, 12);
  });

  it('plans for the smaller lift the visitor-days show when returns get a version drawn again', () => {
    // A quarter of the tests' visitor-days kept by the cookie, half the buyers accepted it: as many returns were drawn again.
    expect(redrawnReturns(0.25, 0.5)).toBeCloseTo(0.25, 12);
    expect(redrawnReturns(0, 0.5)).toBe(0);
    expect(redrawnReturns(0.25, 0)).toBe(0);
    const shop = { baseline: threePercent, visitorsPerDay: 1000 };
    const plain = planForLift(shop, 0.2);
    const diluted = planForLift({ ...shop, redrawnReturns: 0.25 }, 0.2);
    expect(diluted.lift).toBe(0.2);
    // +20% on the people shows as +14.1% on the visitor-days: about (1 / 0.75)² ≈ 1.8 times the visitors.
    expect(diluted.visitors / plain.visitors).toBeGreaterThan(1.7);
    expect(diluted.visitors / plain.visitors).toBeLessThan(2.1);
    const days = planForDays(shop, 28)!;
    const dilutedDays = planForDays({ ...shop, redrawnReturns: 0.25 }, 28)!;
    expect(dilutedDays.visitors).toBe(days.visitors);
    expect(dilutedDays.lift).toBeGreaterThan(days.lift / 0.75);
  });
});
