import { useCallback, useEffect, useRef, useState } from 'react';
import { checkout as copy } from '../../content/checkout.ts';
import type { ProductInfo } from '../../shared/checkout.ts';
import { ApiError, apiFetch } from '../lib/api.ts';

export type ProductState = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; product: ProductInfo };

/** Loads the product once, on the modal's first opening (docs/product.md#screen-states); kept across closings. */
export function useProduct(active: boolean) {
  const [state, setState] = useState<ProductState>({ kind: 'loading' });
  const started = useRef(false);

  const load = useCallback(async () => {
    setState({ kind: 'loading' });
    try {
      setState({ kind: 'ready', product: await apiFetch('GET /api/product') });
    } catch (error) {
      const message = error instanceof ApiError && error.message ? error.message : 'Erro ao carregar produto';
      setState({ kind: 'error', message: error instanceof ApiError && error.status === 0 ? copy.errors.network : message });
    }
  }, []);

  useEffect(() => {
    if (active && !started.current) {
      started.current = true;
      void load();
    }
  }, [active, load]);

  return { state, reload: load };
}
