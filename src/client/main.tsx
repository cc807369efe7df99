import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { captureAttribution } from './lib/attribution.ts';
import { matchRoute } from './routes.ts';
import './styles.css';

/**
 * The entry of every page but the landing and pre-sell pages (routes.ts): loads the page's chunk,
 * then hydrates the whole-page app over the prerendered page (or renders it, for the pages
 * prerendered empty). The page's chunk is loaded first, so the first client render matches the HTML.
 */
async function start() {
  const route = matchRoute(window.location.pathname);
  const container = document.getElementById('root');
  if (!route.load || !container) return;
  const { default: Page } = await route.load();
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

void start();
