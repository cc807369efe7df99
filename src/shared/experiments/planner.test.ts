import { describe, expect, it } from 'vitest';
import { planForDays, planForLift } from './planner.ts';

const threePercent = { metric: 'conversion', rate: 0.03 } as const;

describe('the planner', () => {
  it('states the fixed-horizon size, the sequential cost and the days for +20% on a 3% conversion', () => {
    const plan = planForLift({ baseline: threePercent, visitorsPerDay: 1000 }, 0.2);
    expect(plan.fixedHorizonVisitors).toBe(27_822);
    expect(plan.widthInflation).toBeCloseTo(1.55, 2);
    expect(plan.visitors).toBeGreaterThan(1.9 * plan.fixedHorizonVisitors);
    expect(plan.days).toBe(Math.ceil(plan.visitors / 1000));
    expect(plan.medianDays).toBeGreaterThan(0.4 * plan.days);
    expect(plan.medianDays).toBeLessThan(0.6 * plan.days);
    expect(plan.warnings).toEqual([]);
  });

  it('warns past 60 days, and when 100 sales per arm will not come within the plan', () => {
    expect(planForLift({ baseline: threePercent, visitorsPerDay: 100 }, 0.2).warnings).toEqual(['long']);
    expect(planForLift({ baseline: threePercent, visitorsPerDay: 100 }, 2).warnings).toEqual(['few-conversions']);
  });

  it('finds the smallest lift a given number of days can show, none without 100 sales per arm by then', () => {
    const plan = planForDays({ baseline: threePercent, visitorsPerDay: 1000 }, 28)!;
    expect(plan.days).toBe(28);
    expect(plan.visitors).toBe(28_000);
    const back = planForLift({ baseline: threePercent, visitorsPerDay: 1000 }, plan.lift);
    expect(Math.abs(back.visitors - 28_000)).toBeLessThanOrEqual(2);
    expect(planForDays({ baseline: threePercent, visitorsPerDay: 100 }, 30)).toBe(undefined);
  });

  it('plans revenue per visitor from its mean and variance, and splits alpha over more arms', () => {
    const revenue = { metric: 'revenue', meanCents: 70, varianceCents: 160_000, conversionRate: 0.03 } as const;
    const two = planForLift({ baseline: revenue, visitorsPerDay: 1000 }, 0.2);
    const four = planForLift({ baseline: revenue, visitorsPerDay: 1000, arms: 4 }, 0.2);
    expect(four.visitors / 4).toBeGreaterThan(two.visitors / 2);
    expect(four.widthInflation).toBeLessThan(two.widthInflation);
  });

  it('asks an uneven split for the visitors its thinnest pair needs: 80/20 takes 1.5625 times 50/50, 90/10 2.78 times', () => {
    const even = planForLift({ baseline: threePercent, visitorsPerDay: 1000 }, 0.2);
    const eighty = planForLift({ baseline: threePercent, visitorsPerDay: 1000, weights: [80, 20] }, 0.2);
    const ninety = planForLift({ baseline: threePercent, visitorsPerDay: 1000, weights: [90, 10] }, 0.2);
    expect(eighty.visitors / even.visitors).toBeCloseTo(1.5625, 3);
    expect(ninety.visitors / even.visitors).toBeCloseTo(2.7778, 3);
    // In the same days an uneven split finds only a larger lift.
    expect(planForDays({ baseline: threePercent, visitorsPerDay: 1000, weights: [80, 20] }, 28)!.lift).toBeGreaterThan(
      planForDays({ baseline: threePercent, visitorsPerDay: 1000 }, 28)!.lift * 1.2,
    );
  });
});
