import { StrictMode, type ComponentType } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { captureAttribution } from './lib/attribution.ts';

/**
 * Hydrates the whole-page app over the prerendered page (or renders it, for the pages prerendered
 * empty), starting on `Page`: the page's chunk is already loaded, so the first client render
 * matches the HTML.
 */
export function startApp(Page: ComponentType): void {
  const container = document.getElementById('root');
  if (!container) return;
  // The first page of a visit keeps its campaign parameters for the checkout (lib/attribution.ts).
  captureAttribution();
  const app = (
    <StrictMode>
      <App initial={{ pathname: window.location.pathname, Page }} />
    </StrictMode>
  );
  if (container.hasChildNodes()) hydrateRoot(container, app);
  else createRoot(container).render(app);
}
