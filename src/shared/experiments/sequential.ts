/**
 * Asymptotic confidence sequences (Waudby-Smith et al. 2023, eq. 9), as GrowthBook's gbstats computes them:
 * an interval that holds at every sample size at once, so it may be read after every visitor.
 */

/** A metric summed over one arm's visitors: the sum of the values and of their squares. */
export interface ArmSums {
  visitors: number;
  sum: number;
  sumSquares: number;
}

export interface Interval {
  estimate: number;
  lower: number;
  upper: number;
}

export interface ArmComparison {
  absolute: Interval;
  relative: Interval | undefined;
}

export function sequentialRho(alpha: number, tuningVisitors: number): number {
  const l = -2 * Math.log(alpha);
  return Math.sqrt((l + Math.log(l + 1)) / tuningVisitors);
}

/** The half-width in standard errors after `visitors` (both arms), tuned to be narrowest at `tuningVisitors`. */
export function sequentialMultiplier(visitors: number, tuningVisitors: number, alpha: number): number {
  const nRho2 = visitors * sequentialRho(alpha, tuningVisitors) ** 2;
  return Math.sqrt(((2 * (nRho2 + 1)) / nRho2) * Math.log(Math.sqrt(nRho2 + 1) / alpha));
}

function moments(arm: ArmSums): { mean: number; variance: number } {
  const mean = arm.sum / arm.visitors;
  const variance = arm.visitors > 1 ? Math.max(0, (arm.sumSquares - arm.sum * mean) / (arm.visitors - 1)) : 0;
  return { mean, variance };
}

/** The treatment minus the control, and the treatment's lift over the control (delta method), as sequences. */
export function compareArms(control: ArmSums, treatment: ArmSums, options: { alpha: number; tuningVisitors: number }): ArmComparison {
  const a = moments(control);
  const b = moments(treatment);
  const k = sequentialMultiplier(control.visitors + treatment.visitors, options.tuningVisitors, options.alpha);
  const difference = b.mean - a.mean;
  const se = Math.sqrt(a.variance / control.visitors + b.variance / treatment.visitors);
  const absolute = { estimate: difference, lower: difference - k * se, upper: difference + k * se };
  if (!(a.mean > 0)) return { absolute, relative: undefined };
  const lift = b.mean / a.mean - 1;
  const relativeSe = Math.sqrt(
    b.variance / (treatment.visitors * a.mean ** 2) + (b.mean ** 2 * a.variance) / (control.visitors * a.mean ** 4),
  );
  return { absolute, relative: { estimate: lift, lower: lift - k * relativeSe, upper: lift + k * relativeSe } };
}
