import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

let iconFiles: Map<string, string> | null = null;

/** Each icon lucide-react exports (`ShieldCheck`) and its module's file name (`shield-check`). */
export function lucideIconFiles(): Map<string, string> {
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
}

/** `import { Check, X as Close } from 'lucide-react';` statements, with their list of names. */
export const LUCIDE_IMPORT = /import \{([^}]*)\} from 'lucide-react';/g;

/** The names a `LUCIDE_IMPORT` statement imports, and the local name each gets. */
export function importedIcons(specifiers: string): { imported: string; local: string }[] {
  return specifiers
    .split(',')
    .map((specifier) => specifier.trim())
    .filter(Boolean)
    .map((specifier) => {
      const [imported, local = imported] = specifier.split(/\s+as\s+/) as [string, string?];
      return { imported, local };
    });
}

/**
 * Rewrites `import { Check, X as Close } from 'lucide-react'` into one import per icon module
 * (`lucide-react/icons/check`…), as Next.js's `optimizePackageImports` does. Through the barrel,
 * every module that imports one icon seems to import all of them: the output is the same after
 * tree-shaking, but chunk assignment (vite.config.ts) cannot tell which page needs which icon.
 */
export function lucideDeepImports(): Plugin {
  return {
    name: 'lucide-deep-imports',
    enforce: 'pre',
    transform: {
      filter: { id: /\.tsx?$/, code: 'lucide-react' },
      handler(code) {
        const rewritten = code.replace(LUCIDE_IMPORT, (statement, specifiers: string) =>
          importedIcons(specifiers)
            .map(({ imported, local }) => {
              const file = lucideIconFiles().get(imported);
              if (!file) throw new Error(`lucide-deep-imports: "${imported}" is not a lucide-react icon (${statement})`);
              return `import ${local} from 'lucide-react/icons/${file}';`;
            })
            .join('\n'),
        );
        return rewritten === code ? null : { code: rewritten, map: null };
      },
    },
  };
}
