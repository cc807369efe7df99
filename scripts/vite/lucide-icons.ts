import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';
import type { IconNode } from '../../src/client/ui/icon.tsx';
import { importedIcons, LUCIDE_IMPORT, lucideIconFiles } from './lucide-deep-imports.ts';

const ICON_PREFIX = 'lucide-react/icons/';
const VIRTUAL_PREFIX = '\0lucide-icon:';

/** Every `.ts`/`.tsx` file under `dir`. */
function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The icons the client's sources import from lucide-react, by module file name, sorted. */
function iconsImportedIn(clientDir: string): string[] {
  const icons = new Set<string>();
  for (const file of sourceFiles(clientDir)) {
    if (file.endsWith('.test.tsx') || file.endsWith('.test.ts')) continue;
    for (const [, specifiers] of fs.readFileSync(file, 'utf8').matchAll(LUCIDE_IMPORT)) {
      for (const { imported } of importedIcons(specifiers!)) {
        const icon = lucideIconFiles().get(imported);
        if (icon) icons.add(icon);
      }
    }
  }
  return [...icons].sort();
}

/** One icon's drawing as lucide-react ships it (`__iconData` of its module). */
async function drawingOf(icon: string): Promise<{ name: string; node: IconNode }> {
  const require = createRequire(import.meta.url);
  const file = require.resolve(`${ICON_PREFIX}${icon}`);
  return ((await import(pathToFileURL(file).href)) as { __iconData: { name: string; node: IconNode } }).__iconData;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** An SVG sprite: one `<symbol>` per icon, its id the icon's lucide name. */
export function spriteOf(drawings: readonly { name: string; node: IconNode }[]): string {
  const symbols = drawings.map(({ name, node }) => {
    const shapes = node.map(([tag, attributes]) => {
      const attrs = Object.entries(attributes)
        .filter(([key]) => key !== 'key')
        .map(([key, value]) => ` ${key}="${escapeAttribute(String(value))}"`)
        .join('');
      return `<${tag}${attrs}/>`;
    });
    return `<symbol id="${name}" viewBox="0 0 24 24">${shapes.join('')}</symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>\n`;
}

/**
 * Compiles each lucide icon module (`lucide-react/icons/flame`, as lucide-deep-imports.ts writes
 * every icon import) into `createIcon('flame', '/assets/icons-….svg')` from src/client/ui/icon.tsx:
 * an `<svg>` that draws the icon with `<use>` from one sprite file of every icon the client
 * imports. The page never loads lucide-react's icon-building runtime (ui/icon.tsx says why), and
 * its HTML carries no drawing: on `/` the 88 inline drawings were 1.5 KB of the brotli document,
 * which the first round trip could not carry (docs/benchmarks.md). The sprite is read from the
 * sources, so the client and the server-rendering builds name the same file; an icon the sprite
 * lacks fails the build.
 */
export function lucideIcons(): Plugin {
  const clientDir = path.resolve(import.meta.dirname, '../../src/client');
  const iconFactory = path.join(clientDir, 'ui/icon.tsx');
  let base = '/';
  let sprite: Promise<{ icons: Set<string>; fileName: string; source: string }> | null = null;
  const loadSprite = () =>
    (sprite ??= (async () => {
      const icons = iconsImportedIn(clientDir);
      const source = spriteOf(await Promise.all(icons.map(drawingOf)));
      const hash = crypto.createHash('sha256').update(source).digest('base64url').slice(0, 8);
      return { icons: new Set(icons), fileName: `assets/icons-${hash}.svg`, source };
    })());
  return {
    name: 'lucide-icons',
    enforce: 'pre',
    configResolved(config) {
      base = config.base;
    },
    buildStart() {
      sprite = null;
    },
    resolveId(source) {
      return source.startsWith(ICON_PREFIX) ? VIRTUAL_PREFIX + source.slice(ICON_PREFIX.length) : null;
    },
    async load(id) {
      if (!id.startsWith(VIRTUAL_PREFIX)) return null;
      const icon = id.slice(VIRTUAL_PREFIX.length);
      let { icons, fileName } = await loadSprite();
      // `npm run dev`: a file saved since the sprite was read may import a new icon.
      if (!icons.has(icon) && this.environment.mode === 'dev') {
        sprite = null;
        ({ icons, fileName } = await loadSprite());
      }
      if (!icons.has(icon))
        throw new Error(`lucide-icons: "${icon}" is not in the sprite: import icons as \`import { … } from 'lucide-react';\``);
      const { name, node } = await drawingOf(icon);
      // The drawing itself only where pages are prerendered, for the parts that draw their icons inline (ui/icon.tsx).
      const drawing = this.environment.config.consumer === 'server' ? `, ${JSON.stringify(node)}` : '';
      return [
        `import { createIcon } from ${JSON.stringify(iconFactory)};`,
        `export default createIcon(${JSON.stringify(name)}, ${JSON.stringify(base + fileName)}${drawing});`,
      ].join('\n');
    },
    configureServer(server) {
      // `npm run dev` serves the sprite from memory, the latest under any of its names (a module
      // loaded before an icon was added names the one before); a build writes it with the assets.
      server.middlewares.use((request, response, next) => {
        const pathname = request.url?.split('?')[0] ?? '';
        if (!pathname.startsWith(`${base}assets/icons-`) || !pathname.endsWith('.svg')) return next();
        void loadSprite().then(({ source }) => {
          response.setHeader('Content-Type', 'image/svg+xml');
          response.end(source);
        }, next);
      });
    },
    async generateBundle() {
      if (this.environment.config.consumer !== 'client') return;
      const { fileName, source } = await loadSprite();
      this.emitFile({ type: 'asset', fileName, source });
    },
  };
}
