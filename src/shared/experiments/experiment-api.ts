// The console's A/B test API (routes/admin/experiments.ts, docs/experiments.md#serving): bodies and replies.
import type { ExperimentProgress } from './progress.ts';
import { EXPERIMENT_METRICS, type ExperimentMetric, type Judgement } from './verdict.ts';
import { prototypeKeyIn } from '../prototype-keys.ts';
import { list, text, z } from '../zod.ts';

export const EXPERIMENT_PAGES = ['/', '/presell'] as const;
export type ExperimentPage = (typeof EXPERIMENT_PAGES)[number];
export const MIN_VARIANTS = 2;
export const MAX_VARIANTS = 4;
/** The longest test the console starts: a year, far beyond what any plan asks. */
export const MAX_EXPERIMENT_DAYS = 365;

/** A test's name, as the console's list shows it. */
export const EXPERIMENT_NAME_MAX = 80;

/** The first variant is the control, the live page as published (an empty patch); the others patch its editor fields. */
export const ExperimentCreateSchema = z.object({
  page: z.enum(EXPERIMENT_PAGES),
  name: text(z.string().trim().min(1).max(EXPERIMENT_NAME_MAX)),
  variants: list(
    z.object({
      weight: z.number().int().min(1).max(100),
      // Checked before the record is built: zod's record would turn a `__proto__` key into the object's prototype.
      patch: z
        .unknown()
        .refine((patch) => prototypeKeyIn(patch) === undefined)
        .pipe(z.record(z.string(), z.unknown())),
    }),
    MAX_VARIANTS,
    MIN_VARIANTS,
  ),
  metric: z.enum(EXPERIMENT_METRICS).default('revenue'),
  plannedLift: z.number().min(0.01).max(5).default(0.2),
  /** All arms together, expected by the end date (shared/experiments/planner.ts plannedSettings): the sequences' tuning. */
  plannedVisitors: z.number().int().min(200).max(100_000_000),
  endsAt: z.number().int(),
});

export const ExperimentWinnerSchema = z.object({
  variant: z
    .number()
    .int()
    .min(0)
    .max(MAX_VARIANTS - 1),
  confirmation: text(z.string().max(100)).optional(),
});

export interface ExperimentArmFigures {
  /** Visitor-days: a person counts once a day (docs/experiments.md#what-is-counted). */
  visitors: number;
  /** The visitor-days whose version the consented cookie kept from an earlier day; the rest the day's hash drew. */
  keptVisitors: number;
  checkoutsBegun: number;
  pixGenerated: number;
  pixPaid: number;
  revenueCents: number;
  revenueSquaresCents: number;
  refundRequests: number;
  disputes: number;
}

export interface ExperimentSummary {
  id: string;
  page: ExperimentPage;
  name: string;
  status: 'running' | 'stopped' | 'decided' | 'chosen';
  variants: { weight: number; patch: Record<string, unknown> }[];
  metric: ExperimentMetric;
  plannedLift: number;
  plannedVisitors: number;
  startsAt: number;
  endsAt: number;
  stoppedAt: number | null;
  winner: number | null;
  /** The version the seller published without a verdict naming it ("encerrado sem vencedor comprovado"). */
  chosen: number | null;
  /** The page version "Declarar vencedor" published. */
  winnerVersion: number | null;
  figures: ExperimentArmFigures[];
  judgement: Judgement;
  /** A running test's visitors against the plan and the days left at the last days' pace; null once it ended. */
  progress: ExperimentProgress | null;
}

/** The shop's last 28 days on a page, for the planner before a start of a test there. */
export interface PlannerInputs {
  days: number;
  /** The page's visitors a day, each counted once a day (the tests' unit). */
  visitorsPerDay: number;
  conversionRate: number;
  /** Checkouts begun per visitor, the `checkout` metric's rate. */
  checkoutRate: number;
  /** PIX generated (main orders with a charge) per visitor, the `pix` metric's rate. */
  pixRate: number;
  revenueMeanCents: number;
  revenueVarianceCents: number;
  /** The share of visitor-days that are returns whose version the day's hash drew again (planner.ts); 0 unmeasured. */
  redrawnReturns: number;
  /**
   * False when that share cannot be measured (no A/B test in the 28 days, or no buyer accepted the cookie): the plan then assumes no
   * returns drawn again, and the console says what that means.
   */
  returnsMeasured: boolean;
}

export interface ExperimentList {
  experiments: ExperimentSummary[];
  /** For a test of each page: its own visitors, and the sales they lead to. */
  planner: Record<ExperimentPage, PlannerInputs>;
}
