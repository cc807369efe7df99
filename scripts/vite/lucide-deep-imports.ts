import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Rewrites `import { Check, X as Close } from 'lucide-react'` into one import per icon module
 * (`lucide-react/icons/check`…), as Next.js's `optimizePackageImports` does. Through the barrel,
 * every module that imports one icon seems to import all of them: the output is the same after
 * tree-shaking, but chunk assignment (vite.config.ts) cannot tell which page needs which icon.
 */
export function lucideDeepImports(): Plugin {
  let iconFiles: Map<string, string> | null = null;
  const load = () => {
    if (iconFiles) return iconFiles;
    const require = createRequire(import.meta.url);
    const barrel = fs.readFileSync(
      path.join(path.dirname(require.resolve('lucide-react/package.json')), 'dist/esm/lucide-react.mjs'),
      'utf8',
    );
    iconFiles = new Map();
    for (const match of barrel.matchAll(/export \{([^}]*)\} from '\.\/icons\/([\w-]+)\.mjs'/g)) {
      for (const name of match[1]!.matchAll(/default as (\w+)/g)) iconFiles.set(name[1]!, match[2]!);
    }
    return iconFiles;
  };
  return {
    name: 'lucide-deep-imports',
    enforce: 'pre',
    transform: {
      filter: { id: /\.tsx?$/, code: 'lucide-react' },
      handler(code) {
        const rewritten = code.replace(/import \{([^}]*)\} from 'lucide-react';/g, (statement, specifiers: string) => {
          const files = load();
          const imports = specifiers
            .split(',')
            .map((specifier) => specifier.trim())
            .filter(Boolean)
            .map((specifier) => {
              const [imported, local = imported] = specifier.split(/\s+as\s+/) as [string, string?];
              const file = files.get(imported);
              if (!file) throw new Error(`lucide-deep-imports: "${imported}" is not a lucide-react icon (${statement})`);
              return `import ${local} from 'lucide-react/icons/${file}';`;
            });
          return imports.join('\n');
        });
        return rewritten === code ? null : { code: rewritten, map: null };
      },
    },
  };
}
