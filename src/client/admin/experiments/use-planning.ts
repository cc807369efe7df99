import { useEffect, useRef, useState } from 'react';
import type { PlannerInput } from '../../../shared/experiments/planner.ts';
import { planning, type Planning } from './experiments-planning.ts';

export interface PlanningRequest {
  id: number;
  input: PlannerInput;
  lift: number;
  days: number;
  /** The step before the payment the planner may offer instead (experiments-planner.tsx earlierInput). */
  earlier: PlannerInput | undefined;
}

export interface PlanningAnswer {
  id: number;
  plan: Planning;
}

/** A burst of keys ("2", "25") is planned once, for its last value. */
const PLANNING_PAUSE_MS = 250;

const NO_PLAN: Planning = { forLift: undefined, forDays: undefined, sixtyDays: undefined };

function startWorker(): Worker | undefined {
  try {
    return new Worker(new URL('./planning-worker.ts', import.meta.url), { type: 'module' });
  } catch {
    // No workers here (an old browser, a policy that refuses them): plans are computed on the page after the pause.
    return undefined;
  }
}

/**
 * The planner's answer for the form's current inputs, computed in a worker once the typing pauses (a plan takes
 * seconds of a phone's time). While a newer answer is computed, `plan` is the previous one and `pending` is true; an
 * answer to an older request than the last is dropped.
 */
export function usePlanning(
  input: PlannerInput | undefined,
  lift: number,
  days: number,
  earlier?: PlannerInput,
): { plan: Planning | undefined; pending: boolean } {
  const key = input ? JSON.stringify([input, lift, days, earlier]) : '';
  const [answer, setAnswer] = useState<{ key: string; plan: Planning } | undefined>(undefined);
  const worker = useRef<Worker | undefined>(undefined);
  /** The last request sent, the only one whose answer is shown. */
  const asked = useRef<(PlanningRequest & { key: string }) | undefined>(undefined);
  const hasAnswer = answer !== undefined;

  useEffect(() => {
    const started = startWorker();
    worker.current = started;
    if (!started) return;
    const computeOnPage = () => {
      const request = asked.current;
      if (request) setAnswer({ key: request.key, plan: planning(request.input, request.lift, request.days, request.earlier) });
    };
    started.addEventListener('message', (event: MessageEvent<PlanningAnswer>) => {
      const request = asked.current;
      if (request?.id === event.data.id) setAnswer({ key: request.key, plan: event.data.plan });
    });
    started.addEventListener('error', () => {
      // The worker's script did not load or threw: this plan and every later one is computed on the page.
      worker.current = undefined;
      started.terminate();
      computeOnPage();
    });
    return () => {
      started.terminate();
      worker.current = undefined;
    };
  }, []);

  useEffect(() => {
    if (!input) return;
    // The first answer has nothing to wait for: the form has only just opened.
    const timer = setTimeout(
      () => {
        const request = { id: (asked.current?.id ?? 0) + 1, key, input, lift, days, earlier };
        asked.current = request;
        if (worker.current) worker.current.postMessage({ id: request.id, input, lift, days, earlier } satisfies PlanningRequest);
        else setAnswer({ key, plan: planning(input, lift, days, earlier) });
      },
      hasAnswer ? PLANNING_PAUSE_MS : 0,
    );
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for input, lift, days and earlier; `hasAnswer` only picks the first delay
  }, [key]);

  if (!input) return { plan: NO_PLAN, pending: false };
  return { plan: answer?.plan, pending: answer?.key !== key };
}
