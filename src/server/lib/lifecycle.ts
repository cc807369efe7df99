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
