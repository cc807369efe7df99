import { useEffect, useState } from 'react';
import { afterPaint } from '../lib/after-paint.ts';

/**
 * A chunk loaded on demand, and a hook that renders from it once it has run. Not React.lazy: after
 * a Suspense fallback has shown, React reveals the content at most every 300 ms, and a buyer whose
 * tap showed the skeleton would wait that long for a form already loaded (seen in the tap-to-PIX
 * bench's traces). A state update when the chunk arrives renders it in the next frame.
 */
export function onDemand<T>(load: () => Promise<T>) {
  let loading: Promise<T> | undefined;
  let loaded: T | undefined;
  const get = () =>
    (loading ??= load().then((module) => {
      loaded = module;
      return module;
    }));
  return {
    load: get,
    /** The chunk if it has already run, for a handler that must not wait a microtask for it. */
    ready: (): T | undefined => loaded,
    /**
     * The chunk once it has run; undefined before. It starts loading when `wanted`, or with
     * `afterPaint` once the component's first frame is on screen (code it needs only later).
     */
    useLoaded(wanted: boolean, { afterPaint: deferred = false } = {}): T | undefined {
      const [module, setModule] = useState(() => loaded);
      useEffect(() => {
        if (!wanted || module) return;
        let live = true;
        const start = () => void get().then((arrived) => live && setModule(() => arrived));
        const cancel = deferred ? afterPaint(start) : (start(), undefined);
        return () => {
          live = false;
          cancel?.();
        };
      }, [wanted, module, deferred]);
      return module ?? loaded;
    },
  };
}
