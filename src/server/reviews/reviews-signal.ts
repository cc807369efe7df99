/** In-process only: other instances learn at their next read (docs/several-instances.md); a throwing listener stops nothing. */
export interface ReviewsSignal {
  changed(): void;
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
