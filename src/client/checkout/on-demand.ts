import { useEffect, useState } from 'react';

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
    /** The chunk once it has run; undefined before, and it starts loading when `wanted`. */
    useLoaded(wanted: boolean): T | undefined {
      const [module, setModule] = useState(() => loaded);
      useEffect(() => {
        if (!wanted || module) return;
        let live = true;
        void get().then((arrived) => live && setModule(() => arrived));
        return () => {
          live = false;
        };
      }, [wanted, module]);
      return module ?? loaded;
    },
  };
}
