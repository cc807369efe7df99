import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../lib/api.ts';

export type Loaded<T> = { kind: 'loading' } | { kind: 'ready'; data: T } | { kind: 'failed'; message: string };

/**
 * Loads a console resource, again every `refreshMs` when given (while the tab is visible). A 401
 * means the session is over: the console shows the login form instead.
 */
export function useAdminData<T>(load: () => Promise<T>, onSignedOut: () => void, options: { refreshMs?: number } = {}) {
  const [state, setState] = useState<Loaded<T>>({ kind: 'loading' });
  const loadRef = useRef(load);
  loadRef.current = load;

  const reload = useCallback(async () => {
    try {
      const data = await loadRef.current();
      setState({ kind: 'ready', data });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) onSignedOut();
      else
        setState((previous) =>
          previous.kind === 'ready' ? previous : { kind: 'failed', message: error instanceof ApiError ? error.message : '' },
        );
    }
  }, [onSignedOut]);

  // A new `load` (the order list's filters or page changed) loads again at once.
  useEffect(() => {
    void reload();
    if (!options.refreshMs) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') void reload();
    }, options.refreshMs);
    return () => window.clearInterval(timer);
  }, [reload, load, options.refreshMs]);

  return { state, reload };
}

/** The clock a time left is counted from (a dispute's deadline), moved every `everyMs` rather than read in a render. */
export function useNow(everyMs: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
