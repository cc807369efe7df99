import { useCallback, useEffect, useRef, useState } from 'react';
import { checkout as copy } from '../../content/checkout.ts';
import type { ProductInfo } from '../../shared/checkout.ts';
import { ApiError, apiFetch } from '../lib/api.ts';

export type ProductState = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; product: ProductInfo };

/**
 * Loads the product once, on the modal's first opening (docs/product.md#screen-states); kept across
 * closings. The form does not wait for it (the price shown meanwhile is the page's own); a submit
 * does, through `settled`, which resolves with the state the current load ends in.
 */
export function useProduct(active: boolean) {
  const [state, setState] = useState<ProductState>({ kind: 'loading' });
  const started = useRef(false);
  const current = useRef<Promise<ProductState> | null>(null);

  const load = useCallback(async (): Promise<ProductState> => {
    setState({ kind: 'loading' });
    const loading = (async (): Promise<ProductState> => {
      try {
        return { kind: 'ready', product: await apiFetch('GET /api/product') };
      } catch (error) {
        const message = error instanceof ApiError && error.message ? error.message : 'Erro ao carregar produto';
        return { kind: 'error', message: error instanceof ApiError && error.status === 0 ? copy.errors.network : message };
      }
    })();
    current.current = loading;
    const next = await loading;
    setState(next);
    return next;
  }, []);

  useEffect(() => {
    if (active && !started.current) {
      started.current = true;
      void load();
    }
  }, [active, load]);

  const settled = useCallback(async (): Promise<ProductState> => (await current.current) ?? state, [state]);

  /** The server's newer prices, from a checkout it refused because they changed (POST /api/orders's 409). */
  const replace = useCallback((product: ProductInfo) => {
    const next: ProductState = { kind: 'ready', product };
    current.current = Promise.resolve(next);
    setState(next);
  }, []);

  return { state, reload: load, settled, replace };
}
