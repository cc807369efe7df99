import { describe, expect, it } from 'vitest';
import { wilsonInterval } from './experiments-results.tsx';

// Wilson's score interval at 95% (z = 1.959964): with one trial the bounds are z²/(1+z²) and 1/(1+z²).
describe("a version's conversion interval", () => {
  it('gives no interval without visitors', () => {
    expect(wilsonInterval(0, 0)).toBeNull();
  });

  it('stays inside 0–100% at the extremes, where a normal interval would leave it', () => {
    expect(wilsonInterval(0, 1)).toEqual({ low: 0, high: expect.closeTo(0.7935, 4) as number });
    expect(wilsonInterval(1, 1)).toEqual({ low: expect.closeTo(0.2065, 4) as number, high: 1 });
  });

  it('narrows around the rate as visitors grow: 3% of 10,000 is about 2.68% to 3.35%', () => {
    const interval = wilsonInterval(300, 10_000)!;
    expect(interval.low).toBeCloseTo(0.02684, 4);
    expect(interval.high).toBeCloseTo(0.03349, 4);
  });
});
