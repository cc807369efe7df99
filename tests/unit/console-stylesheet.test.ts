import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The console's stylesheet (src/client/admin/admin.css) generates only the classes of the files its `@source` lines
 * name, and the site's stylesheet skips the folder: a component outside those lines renders unstyled (its gaps,
 * colours and sizes missing), as the console's area folders did until they were named.
 */
const adminDir = path.resolve(import.meta.dirname, '../../src/client/admin');

describe('the console stylesheet', () => {
  it('scans every component of the console, in every area folder', () => {
    const css = fs.readFileSync(path.join(adminDir, 'admin.css'), 'utf8');
    const patterns = [...css.matchAll(/^@source '([^']+)';$/gm)].map((match) => match[1]!);
    expect(patterns.length).toBeGreaterThan(0);
    const scanned = new Set(patterns.flatMap((pattern) => fs.globSync(pattern, { cwd: adminDir })));
    const components = fs.globSync('**/*.tsx', { cwd: adminDir }).filter((file) => !file.endsWith('.test.tsx'));
    expect(components).toContain(path.join('overview', 'day-summary.tsx'));
    expect(components.filter((file) => !scanned.has(file))).toEqual([]);
  });
});
