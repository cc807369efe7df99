import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { captureAttribution } from './lib/attribution.ts';
import { matchRoute } from './routes.ts';
import './styles.css';

async function start() {
  const container = document.getElementById('root');
  if (!container) return;
  captureAttribution();
  const pathname = window.location.pathname;
  // Load the page's chunk before hydrating so the first client render matches the prerendered HTML.
  const { default: Page } = await matchRoute(pathname).load();
  const app = (
    <StrictMode>
      <App initial={{ pathname, Page }} />
    </StrictMode>
  );
  if (container.hasChildNodes()) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start();
