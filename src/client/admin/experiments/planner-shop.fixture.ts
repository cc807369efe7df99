// A shop's last 28 days as the planner's GET reply gives them, for the planner's tests.
import type { PlannerInputs } from '../../../shared/experiments/experiment-api.ts';

export const plannerShop = (visitorsPerDay: number): PlannerInputs => ({
  days: 28,
  visitorsPerDay,
  conversionRate: 0.03,
  checkoutRate: 0.12,
  pixRate: 0.06,
  revenueMeanCents: 60,
  revenueVarianceCents: 120_000,
  redrawnReturns: 0,
  returnsMeasured: true,
});
