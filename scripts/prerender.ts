import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { earlyClickScript } from '../src/client/lib/early-clicks.ts';
import { entryLoaderScript } from '../src/client/lib/entry-loader.ts';
import { presellGateScript } from '../src/client/lib/presell-gate.ts';
import type { RenderedPage } from '../src/client/entry-server.tsx';
import { clientRenderedPaths, paths, prerenderedPaths } from '../src/shared/routes.ts';

/**
 * Turns the client build into finished documents: each prerendered route gets its HTML, title,
 * description, the stylesheet inlined (no render-blocking request) and, at the end of <body>, a
 * loader that starts the entry script after the first paint, so nothing delays or precedes it.
 */

/** Pages with an entry of their own (vite.config.ts); every other page starts from index.html. */
const PAGE_ENTRIES: Partial<Record<string, string>> = {
  [paths.landing]: 'src/client/landing-main.tsx',
  [paths.presell]: 'src/client/presell-main.tsx',
};

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export async function prerender(distDir: string): Promise<string[]> {
  const clientDir = path.join(distDir, 'client');
  const templatePath = path.join(clientDir, 'index.html');
  let template = fs.readFileSync(templatePath, 'utf8');

  // Inline the stylesheet(s) the entry links to.
  template = template.replace(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g, (_tag, href: string) => {
    const css = fs.readFileSync(path.join(clientDir, href), 'utf8');
    return `<style>${css}</style>`;
  });
  // Vite's entry module and its preloads are replaced by a loader that starts them after the
  // first paint (lib/entry-loader.ts); each page gets its entry from the build manifest.
  template = template.replace(/\s*<script type="module"[^>]*><\/script>/, '').replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  const manifest = JSON.parse(fs.readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  template = template.replace('</body>', `  <!--app-entry-->\n  </body>`);

  const ssrEntry = pathToFileURL(path.join(distDir, 'ssr', 'entry-server.js')).href;
  const { render } = (await import(ssrEntry)) as { render: (pathname: string) => Promise<RenderedPage> };

  const documents: Array<{ routePath: string; file: string }> = [
    ...prerenderedPaths.map((routePath) => ({
      routePath,
      file: routePath === '/' ? 'index.html' : `${routePath.slice(1)}/index.html`,
    })),
    ...clientRenderedPaths.map((routePath) => ({ routePath, file: `${routePath.slice(1)}/index.html` })),
    { routePath: '/404', file: '404.html' },
  ];

  const written: string[] = [];
  for (const { routePath, file } of documents) {
    const page = await render(routePath);
    const head = [
      `<title>${escapeHtml(page.title)}</title>`,
      `<meta name="description" content="${escapeHtml(page.description)}" />`,
      `<meta property="og:title" content="${escapeHtml(page.title)}" />`,
      `<meta property="og:description" content="${escapeHtml(page.description)}" />`,
      `<meta property="og:locale" content="pt_BR" />`,
    ];
    head.push(`<script>${earlyClickScript()}</script>`);
    // The gate runs before the stylesheet and body are parsed: no flash of the landing page.
    if (routePath === paths.landing) head.unshift(`<script>${presellGateScript(paths.presell)}</script>`);
    // The member area is private: search engines must not list it (its dead-link 404s included).
    if (routePath === paths.access) head.push('<meta name="robots" content="noindex" />');
    // The seller's console: private, never listed.
    if (routePath === paths.admin) head.push('<meta name="robots" content="noindex, nofollow" />');
    // One buyer's order (`/pedido/{ref}`): private, never listed.
    if (routePath === paths.order) head.push('<meta name="robots" content="noindex, nofollow" />');
    // The landing page's entry hydrates islands only, without the router or the whole-page app; the
    // pre-sell page's carries the page itself. A page rendered in the browser only paints after its script.
    const entry = entryLoader(manifest, PAGE_ENTRIES[routePath] ?? 'index.html', page.html === '');
    const html = template
      .replace('<!--app-entry-->', () => entry)
      .replace('<!--app-head-->', head.join('\n    '))
      .replace('<!--app-html-->', () => page.html);
    const target = path.join(clientDir, file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, html);
    written.push(file);
  }
  return written;
}

type Manifest = Record<string, { file: string; isEntry?: boolean; imports?: string[] }>;

/** The inline loader of one entry (see lib/entry-loader.ts), with the modules it imports to preload. */
function entryLoader(manifest: Manifest, key: string, now: boolean): string {
  const entry = manifest[key];
  if (!entry?.isEntry) throw new Error(`prerender: the entry ${key} is missing from the build manifest`);
  const imports = new Set<string>();
  const visit = (from: string) => {
    for (const child of manifest[from]?.imports ?? []) {
      if (imports.has(child)) continue;
      imports.add(child);
      visit(child);
    }
  };
  visit(key);
  const preload = [...imports].map((child) => `/${manifest[child]!.file}`).join(' ');
  return `<script data-entry="/${entry.file}" data-preload="${preload}"${now ? ' data-now' : ''}>${entryLoaderScript()}</script>`;
}
