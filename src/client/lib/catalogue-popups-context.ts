import { createContext, useContext } from 'react';
import type { CatalogueApp } from '../../content/catalogue.ts';

/**
 * How the catalogue opens its popups without importing the popups feature: the page provides
 * the implementation (lazily loaded dialogs, see landing/popups/popups-provider.tsx).
 */
export interface CataloguePopups {
  /** The streaming popup for one app. */
  openApp(app: CatalogueApp): void;
  /** The upsell popup: the top-up supplier (R$ 100 de crédito por R$ 20). */
  openUpsell(): void;
}

export const CataloguePopupsContext = createContext<CataloguePopups>({
  openApp: () => undefined,
  openUpsell: () => undefined,
});

export function useCataloguePopups(): CataloguePopups {
  return useContext(CataloguePopupsContext);
}
