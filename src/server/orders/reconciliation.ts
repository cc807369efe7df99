import type { Logger } from '../logger.ts';
import { recheckOrder, type ConfirmationDeps } from './payment-confirmation.ts';
import { claimOrderCheck, listOrdersToReconcile } from './orders-repository.ts';

/** Postbacks get lost; every waiting order younger than this is re-checked periodically. */
export const RECONCILE_WINDOW_MS = 48 * 60 * 60_000;

export interface Reconciler {
  start(): void;
  stop(): Promise<void>;
  /** One pass over the waiting orders; resolves with how many were checked. */
  runOnce(): Promise<number>;
}

export function createReconciler(deps: ConfirmationDeps & { logger: Logger }, options: { intervalMs?: number } = {}): Reconciler {
  const intervalMs = options.intervalMs ?? 3 * 60_000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  const pass = async () => {
    const now = deps.now?.() ?? Date.now();
    const orders = await listOrdersToReconcile(deps.db, now - RECONCILE_WINDOW_MS, 200);
    let checked = 0;
    for (const order of orders) {
      // The same claim as the polling endpoint: instances and polls never ask twice at once.
      if (!(await claimOrderCheck(deps.db, order.id, now, 60_000))) continue;
      await recheckOrder(deps, order);
      checked++;
    }
    return checked;
  };

  const runOnce = () => {
    running ??= pass().finally(() => {
      running = undefined;
    });
    return running;
  };

  return {
    start() {
      timer ??= setInterval(() => {
        runOnce().catch((error: unknown) =>
          deps.logger.error('Reconciliation failed', { error: error instanceof Error ? error.message : String(error) }),
        );
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
    runOnce,
  };
}
