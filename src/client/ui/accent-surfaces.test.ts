import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The accent's surfaces are the ones shared/color.ts `accentFailures` measures: text in the accent is its 300 or
 * 400 shade (on the dark grounds and tints), and text on a solid accent is white (the 500 and 700). A class
 * string that paints the accent another way would be a pair no seller's colour is checked against.
 */
const clientDir = path.resolve(import.meta.dirname, '..');

function classLines(): Array<{ where: string; line: string }> {
  const lines: Array<{ where: string; line: string }> = [];
  for (const entry of fs.readdirSync(clientDir, { recursive: true, encoding: 'utf8' })) {
    // The console has its own stylesheet and never takes the seller's accent.
    if (!entry.endsWith('.tsx') || entry.startsWith(`admin${path.sep}`)) continue;
    fs.readFileSync(path.join(clientDir, entry), 'utf8')
      .split('\n')
      .forEach((line, index) => {
        if (line.includes('brand-')) lines.push({ where: `${entry}:${index + 1}`, line });
      });
  }
  return lines;
}

describe('the accent on the pages', () => {
  it('is text only in its 300 and 400 shades, unless the element is hidden from reading', () => {
    const offending = classLines().filter(({ line }) => /\btext-brand-(500|600|700)\b/.test(line) && !line.includes('aria-hidden="true"'));
    expect(offending.map(({ where }) => where)).toEqual([]);
  });

  it('carries white text when it is a solid background', () => {
    // Per class string: a ternary's other branch on the same line paints another background.
    const offending = classLines().filter(({ line }) =>
      (line.match(/(["'`])[^"'`]*\1/g) ?? []).some(
        (classes) =>
          /\bbg-brand-(500|600|700)(?![/\w-])/.test(classes) && /\btext-(?!white\b|xs\b|sm\b|base\b|lg\b|\d?xl\b)[\w-]+/.test(classes),
      ),
    );
    expect(offending.map(({ where }) => where)).toEqual([]);
  });
});
