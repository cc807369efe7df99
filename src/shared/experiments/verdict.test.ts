import { describe, expect, it } from 'vitest';
import { experimentsConsole, verdictExplanation } from '../../content/experiments.ts';
import { judgeExperiment, type ArmResult, type ExperimentSettings } from './verdict.ts';

function arm(visitors: number, conversions: number, refundRequests = 0, disputes = 0): ArmResult {
  const price = 1990;
  return {
    visitors,
    conversions,
    revenueCents: conversions * price,
    revenueSquaresCents: conversions * price ** 2,
    refundRequests,
    disputes,
  };
}

const settings: ExperimentSettings = { metric: 'conversion', plannedVisitors: 20_000, weights: [1, 1], plannedLift: 0.2 };

describe('the verdict', () => {
  it('says nothing before 100 sales per arm, and "inconclusivo" at the end date without one', () => {
    const few = [arm(3000, 99), arm(3000, 150)];
    expect(judgeExperiment(few, settings, false).verdict).toEqual({ kind: 'continue', reason: 'few-conversions' });
    expect(judgeExperiment(few, settings, true).verdict).toEqual({ kind: 'inconclusive' });
    const close = [arm(5000, 150), arm(5000, 160)];
    expect(judgeExperiment(close, settings, false).verdict).toEqual({ kind: 'continue', reason: 'undecided' });
    expect(judgeExperiment(close, settings, true).verdict).toEqual({ kind: 'inconclusive' });
  });

  it('names the arm whose sequence beats every other, on conversion or on revenue', () => {
    const clear = [arm(10_000, 300), arm(10_000, 420)];
    const judgement = judgeExperiment(clear, settings, false);
    expect(judgement.verdict).toEqual({ kind: 'winner', arm: 1 });
    expect(judgement.pairs[0]!.relative!.estimate).toBeCloseTo(0.4, 10);
    expect(judgeExperiment(clear.toReversed(), { ...settings, metric: 'revenue' }, false).verdict).toEqual({
      kind: 'winner',
      arm: 0,
    });
  });

  it('needs a winner to beat each of the other variants, not only the control', () => {
    const three = [arm(10_000, 300), arm(10_000, 430), arm(10_000, 420)];
    const threeArms = { ...settings, plannedVisitors: 30_000, weights: [1, 1, 1] };
    expect(judgeExperiment(three, threeArms, false).verdict.kind).toBe('continue');
  });

  it('says "sem diferença" once every difference is surely smaller than the planned lift', () => {
    const big = [arm(200_000, 6000), arm(200_000, 6010)];
    expect(judgeExperiment(big, { ...settings, plannedVisitors: 400_000 }, false).verdict).toEqual({
      kind: 'no-difference',
    });
  });

  it('holds the verdict when the split is off, even with a clear winner', () => {
    const skewed = [arm(10_500, 300), arm(9_500, 420)];
    const judgement = judgeExperiment(skewed, settings, false);
    expect(judgement.verdict).toEqual({ kind: 'held' });
    expect(judgement.sampleRatio.pValue).toBeLessThan(0.001);
  });

  it('flags a winner that loses on refund requests or disputes', () => {
    const refunds = judgeExperiment([arm(10_000, 300, 6), arm(10_000, 420, 30, 1)], settings, false);
    expect(refunds.verdict).toEqual({ kind: 'winner', arm: 1 });
    expect(refunds.guardrailFlags).toEqual([{ guardrail: 'refunds', against: 0 }]);
    expect(judgeExperiment([arm(10_000, 300, 6), arm(10_000, 420, 8)], settings, false).guardrailFlags).toEqual([]);
  });
});

describe('a verdict on a step before the payment', () => {
  const checkout: ExperimentSettings = { ...settings, metric: 'checkout' };
  /** 6,000 visitors a version, 30 sales each: too few for a sales verdict; `begun` visitors began the checkout. */
  const withCheckouts = (begun: number, paid = 30): ArmResult => ({ ...arm(6000, paid), checkoutsBegun: begun });

  it('reads the checkouts begun, not the sales: a winner while the sales are far under 100', () => {
    const judgement = judgeExperiment([withCheckouts(480), withCheckouts(640)], checkout, false);
    expect(judgement.verdict).toEqual({ kind: 'winner', arm: 1 });
    expect(judgement.pairs[0]!.relative!.estimate).toBeCloseTo(640 / 480 - 1, 10);
    // The same figures judged on sales: 30 a version, no verdict yet.
    expect(judgeExperiment([withCheckouts(480), withCheckouts(640)], settings, false).verdict).toEqual({
      kind: 'continue',
      reason: 'few-conversions',
    });
  });

  it('waits for 100 checkouts begun in each version, and says so in words of the checkout', () => {
    const verdict = judgeExperiment([withCheckouts(99, 0), withCheckouts(400, 0)], checkout, false).verdict;
    expect(verdict).toEqual({ kind: 'continue', reason: 'few-conversions' });
    expect(verdictExplanation(verdict, 'checkout')).toBe(
      'Ainda não há 100 checkouts iniciados em cada versão. Antes disso nenhum resultado é confiável.',
    );
  });

  it('says honestly what the winner did: more people opened the checkout, nothing about sales', () => {
    const verdict = judgeExperiment([withCheckouts(480), withCheckouts(640)], checkout, false).verdict;
    const words = verdictExplanation(verdict, 'checkout');
    expect(words).toMatch(/^B faz mais gente abrir o checkout que as outras versões/);
    expect(words).toContain('Isso não diz nada sobre vendas');
    expect(words).not.toMatch(/vende mais/);
    const dialog = experimentsConsole.results.evidence(verdict, [], 1, 'checkout');
    expect(dialog).toBe(
      'Os números mostram que a versão B faz mais gente abrir o checkout, com no máximo 5% de chance de ser acaso, mesmo olhando todo dia.',
    );
  });

  it('counts each visitor once however often the step was counted, and keeps the guardrails per sale', () => {
    // More checkouts counted than visitors (taps twice) cannot make a rate above one.
    const judgement = judgeExperiment(
      [
        { ...withCheckouts(480, 300), refundRequests: 6 },
        { ...withCheckouts(9000, 420), refundRequests: 30 },
      ],
      checkout,
      false,
    );
    expect(judgement.pairs[0]!.absolute.estimate).toBeCloseTo(1 - 480 / 6000, 10);
    expect(judgement.guardrailFlags).toEqual([{ guardrail: 'refunds', against: 0 }]);
  });
});
