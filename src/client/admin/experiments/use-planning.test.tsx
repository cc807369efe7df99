// @vitest-environment happy-dom
import { act, useEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlannerInput } from '../../../shared/experiments/planner.ts';
import { plannerInput } from './experiments-planner.tsx';
import { planning, type Planning } from './experiments-planning.ts';
import { plannerShop } from './planner-shop.fixture.ts';
import { usePlanning } from './use-planning.ts';

/**
 * The A/B planner computes in a worker; where a browser has none (`Worker` undefined, or refused by a policy) or the
 * worker's script fails, the seller still gets the plan, computed on the page: the same plan the worker would answer,
 * for the form's last values, and for every later change too.
 */
declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

const input = plannerInput(plannerShop(2000), 'conversion', [50, 50])!;

let container: HTMLElement;
let root: Root;
let shown: { plan: Planning | undefined; pending: boolean } | undefined;

/** The form's planner state, handed to the test after each render. */
function Probe({ lift, days, onShown }: { lift: number; days: number; onShown: (state: typeof shown) => void }) {
  const state = usePlanning(input, lift, days);
  useEffect(() => onShown(state));
  return null;
}

const render = (lift: number, days: number) =>
  act(async () => {
    root.render(
      <Probe
        lift={lift}
        days={days}
        onShown={(state) => {
          shown = state;
        }}
      />,
    );
  });

/** The plan on the form once nothing is pending: what the planner answers for these values (waited for inside act). */
async function planShownFor(lift: number, days: number, expected: (input: PlannerInput) => Planning) {
  await render(lift, days);
  const deadline = Date.now() + 15_000;
  while ((shown?.pending !== false || shown.plan === undefined) && Date.now() < deadline)
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  expect(shown?.pending).toBe(false);
  expect(shown?.plan).toEqual(expected(input));
}

/** A worker whose script fails: `when` it loads, or at the first request. */
function failingWorker(when: 'load' | 'request') {
  return class FailingWorker extends EventTarget {
    static started = 0;
    posted = 0;
    constructor() {
      super();
      FailingWorker.started++;
      if (when === 'load') setTimeout(() => this.dispatchEvent(new Event('error')), 0);
    }
    postMessage() {
      this.posted++;
      if (when === 'request') setTimeout(() => this.dispatchEvent(new Event('error')), 0);
    }
    terminate() {}
  };
}

beforeEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  shown = undefined;
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(async () => {
  await act(async () => {
    root.unmount();
  });
  container.remove();
  vi.unstubAllGlobals();
});

describe('the A/B planner without its worker', () => {
  it('answers on the page where the browser has no Worker, and again after a change', async () => {
    vi.stubGlobal('Worker', undefined);
    await planShownFor(0.2, 28, (each) => planning(each, 0.2, 28));
    await planShownFor(0.3, 40, (each) => planning(each, 0.3, 40));
  });

  it('answers on the page when the worker fails at the first request, and computes every later plan there', async () => {
    const Failing = failingWorker('request');
    vi.stubGlobal('Worker', Failing);
    await planShownFor(0.2, 28, (each) => planning(each, 0.2, 28));
    await planShownFor(0.25, 28, (each) => planning(each, 0.25, 28));
    expect(Failing.started).toBe(1);
  });

  it('answers on the page when the worker script fails to load before any request', async () => {
    vi.stubGlobal('Worker', failingWorker('load'));
    // Past the worker's error: the first request then never goes to it.
    await render(0.2, 28);
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    await planShownFor(0.2, 28, (each) => planning(each, 0.2, 28));
    await planShownFor(0.15, 28, (each) => planning(each, 0.15, 28));
  });
});
