import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { earlyClickScript } from '../src/client/lib/early-clicks.ts';
import { presellGateScript } from '../src/client/lib/presell-gate.ts';
import type { RenderedPage } from '../src/client/entry-server.tsx';
import { clientRenderedPaths, paths, prerenderedPaths } from '../src/shared/routes.ts';

/**
 * Turns the client build into finished documents: each prerendered route gets its HTML, title,
 * description, the stylesheet inlined (no render-blocking request) and the entry script moved
 * to the end of <body> so nothing delays the first paint.
 */

const LANDING_ENTRY = 'src/client/landing-main.tsx';

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
  // Move the entry module to the end of the body, at low priority.
  let entryScript = '';
  template = template.replace(/\s*<script type="module"[^>]*><\/script>/, (tag) => {
    entryScript = tag.trim().replace('<script ', '<script fetchpriority="low" ');
    return '';
  });
  if (!entryScript) throw new Error('prerender: the entry <script type="module"> was not found in index.html');
  // The landing page's own entry (vite.config.ts): it hydrates islands only, so it needs neither
  // the router nor the whole-page app, and the modules it imports are fetched alongside it.
  const { script: landingScript, preloads: landingPreloads } = landingEntry(clientDir);
  const landingTemplate = template
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace('</body>', `  ${landingPreloads.join('\n    ')}\n    ${landingScript}\n  </body>`);
  template = template.replace('</body>', `  ${entryScript}\n  </body>`);

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
    const html = (routePath === paths.landing ? landingTemplate : template)
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

/** The landing entry's script tag (low priority, after the content) and preloads for its static imports. */
function landingEntry(clientDir: string): { script: string; preloads: string[] } {
  const manifest = JSON.parse(fs.readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entry = manifest[LANDING_ENTRY];
  if (!entry) throw new Error(`prerender: ${LANDING_ENTRY} is missing from the build manifest`);
  const imports = new Set<string>();
  const visit = (key: string) => {
    for (const child of manifest[key]?.imports ?? []) {
      if (imports.has(child)) continue;
      imports.add(child);
      visit(child);
    }
  };
  visit(LANDING_ENTRY);
  return {
    script: `<script fetchpriority="low" type="module" crossorigin src="/${entry.file}"></script>`,
    preloads: [...imports].map((key) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${manifest[key]!.file}" />`),
  };
}
