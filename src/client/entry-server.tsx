import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { admin } from '../content/admin.ts';
import { legalPageMeta } from '../content/legal.ts';
import { pageMeta } from '../content/site.ts';
import { App } from './app.tsx';
import { matchRoute } from './routes.ts';

export interface RenderedPage {
  html: string;
  title: string;
  description: string;
}

const metaByRoute = {
  landing: pageMeta.landing,
  presell: pageMeta.presell,
  access: pageMeta.access,
  terms: legalPageMeta.terms,
  privacy: legalPageMeta.privacy,
  admin: admin.meta,
  'not-found': pageMeta.notFound,
} as const;

/** Renders a route to HTML at build time (scripts/prerender.ts); the browser hydrates it. */
export async function render(pathname: string): Promise<RenderedPage> {
  const route = matchRoute(pathname);
  const meta = metaByRoute[route.key];
  // The console is rendered in the browser only: its shell carries no markup to hydrate.
  if (route.key === 'admin') return { html: '', title: meta.title, description: meta.description };
  const { default: Page } = await route.load();
  const html = renderToString(
    <StrictMode>
      <App initial={{ pathname, Page }} />
    </StrictMode>,
  );
  return { html, title: meta.title, description: meta.description };
}
