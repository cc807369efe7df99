import { planning } from './experiments-planning.ts';
import type { PlanningRequest, PlanningAnswer } from './use-planning.ts';

// A plan walks 2,000 simulated paths many times (shared/experiments/planner.ts): seconds on a phone, so never on the
// thread that shows the seller's typing.
self.addEventListener('message', (event: MessageEvent<PlanningRequest>) => {
  const { id, input, lift, days, earlier } = event.data;
  const answer: PlanningAnswer = { id, plan: planning(input, lift, days, earlier) };
  self.postMessage(answer);
});
