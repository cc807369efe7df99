import { matchRoute } from './routes.ts';
import { startApp } from './start-app.tsx';
import './styles.css';

/**
 * The entry of every page but the landing and pre-sell pages (routes.ts): loads the page's chunk,
 * then hydrates the app.
 */
async function start() {
  const route = matchRoute(window.location.pathname);
  if (!route.load) return;
  const { default: Page } = await route.load();
  startApp(Page);
}

void start();
