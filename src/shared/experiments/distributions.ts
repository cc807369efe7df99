import jstat from 'jstat';

const { jStat } = jstat;

export function normalQuantile(p: number): number {
  return jStat.normal.inv(p, 0, 1);
}

export function chiSquareSurvival(x: number, degrees: number): number {
  return x <= 0 ? 1 : 1 - jStat.chisquare.cdf(x, degrees);
}
