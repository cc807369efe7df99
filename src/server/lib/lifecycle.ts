/** Whether this instance is draining after SIGTERM: readiness fails and new checkouts are refused. */
export interface Lifecycle {
  isDraining(): boolean;
  beginDrain(): void;
}

export function createLifecycle(): Lifecycle {
  let draining = false;
  return {
    isDraining: () => draining,
    beginDrain() {
      draining = true;
    },
  };
}
