import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

const ICON_PREFIX = 'lucide-react/icons/';
const VIRTUAL_PREFIX = '\0lucide-icon:';

/**
 * Compiles each lucide icon module (`lucide-react/icons/flame`, as lucide-deep-imports.ts writes
 * every icon import) into a module of our own: `createIcon('flame', [...its drawing])` from
 * src/client/ui/icon.tsx. The drawing is read from lucide-react's module at build time; the page
 * never loads lucide-react's icon-building runtime (ui/icon.tsx says why).
 */
export function lucideIcons(): Plugin {
  const require = createRequire(import.meta.url);
  const iconFactory = path.resolve(import.meta.dirname, '../../src/client/ui/icon.tsx');
  return {
    name: 'lucide-icons',
    enforce: 'pre',
    resolveId(source) {
      return source.startsWith(ICON_PREFIX) ? VIRTUAL_PREFIX + source.slice(ICON_PREFIX.length) : null;
    },
    async load(id) {
      if (!id.startsWith(VIRTUAL_PREFIX)) return null;
      const icon = id.slice(VIRTUAL_PREFIX.length);
      const file = require.resolve(`${ICON_PREFIX}${icon}`);
      const { __iconData } = (await import(pathToFileURL(file).href)) as { __iconData: { name: string; node: unknown } };
      return [
        `import { createIcon } from ${JSON.stringify(iconFactory)};`,
        `export default createIcon(${JSON.stringify(__iconData.name)}, ${JSON.stringify(__iconData.node)});`,
      ].join('\n');
    },
  };
}
