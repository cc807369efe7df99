import { createContext, createElement, useContext, type ComponentType, type ReactElement } from 'react';

/**
 * Islands (docs/decisions/0004-landing-islands.md): the landing page is prerendered whole, but the
 * browser hydrates only its interactive parts, each as its own React root. `<Island>` marks one
 * such part in the prerendered page; the browser side is lib/hydrate-islands.tsx.
 */

/**
 * The interactive parts of the landing page (pages/landing-islands.tsx) and of the pre-sell page
 * (pages/presell-islands.tsx).
 */
export type IslandName =
  | 'presell-cta'
  | 'site-header'
  | 'offer-countdown'
  | 'hero-video'
  | 'buy-button'
  | 'catalogue'
  | 'scarcity'
  | 'faq-accordion'
  | 'whatsapp-group'
  | 'testimonials'
  | 'site-footer'
  | 'sticky-bar'
  | 'checkout';

/**
 * When an island is hydrated: at once (`load`), when the browser is idle (`idle`), when it comes
 * near the viewport (`visible`), on the visitor's first scroll (`scroll`: a bar that only shows
 * once scrolled) or when the page's script asks (`demand`: the checkout, `hydrateIsland`). A tap
 * inside any island hydrates it at once (lib/early-clicks.ts).
 */
export type IslandStrategy = 'load' | 'idle' | 'visible' | 'scroll' | 'demand';

/** Island props travel in the HTML as JSON: plain data only. */
export type IslandProps = Record<string, string | number | boolean | null>;

export interface CollectedIsland {
  id: number;
  element: ReactElement;
}

/** Set by the prerenderer: islands are rendered on their own, then put into their slots. */
export const IslandCollectorContext = createContext<CollectedIsland[] | null>(null);

/** React's ids then read `_12R_…_`: unique per island, as React's own part always starts with `R`. */
export const islandIdentifierPrefix = (id: number) => String(id);

export function Island<P extends object>({
  name,
  component,
  props,
  when,
}: {
  name: IslandName;
  component: ComponentType<P>;
  props: P & IslandProps;
  when: IslandStrategy;
}) {
  const collector = useContext(IslandCollectorContext);
  const element = createElement(component, props);
  const attributes = {
    'data-island': name,
    'data-when': when,
    ...(Object.keys(props).length > 0 ? { 'data-props': JSON.stringify(props) } : {}),
  };
  if (!collector) return <div {...attributes}>{element}</div>;
  const id = collector.length;
  collector.push({ id, element });
  // Empty here; the island's own render fills it (see renderWithIslands), so its markup and ids
  // are exactly what the browser's separate root will hydrate.
  return <div {...attributes} data-island-id={id} />;
}
