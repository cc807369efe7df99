/**
 * "The published reviews changed": the landing page's reviews fragment subscribes and renders
 * again. In-process only: another instance learns of a change when its own listeners next read
 * (docs/several-instances.md); a listener that throws never stops the others or the action.
 */
export interface ReviewsSignal {
  changed(): void;
  /** Returns the unsubscribe function. */
  onChange(listener: () => void): () => void;
}

export function createReviewsSignal(onError: (error: unknown) => void = () => undefined): ReviewsSignal {
  const listeners = new Set<() => void>();
  return {
    changed() {
      for (const listener of [...listeners]) {
        try {
          listener();
        } catch (error) {
          onError(error);
        }
      }
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
