import { Check, Flame, ShieldCheck } from 'lucide-react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { spriteOf } from '../../../scripts/vite/lucide-icons.ts';
import { createIcon, IconSymbolsInPage, IconsDrawnInline } from './icon.tsx';

type IconNode = Parameters<typeof spriteOf>[0][number]['node'];

const SPRITE = '/assets/icons-test.svg';

/** The drawing lucide-react ships for an icon (each icon module exports it as `__iconData`). */
async function drawingOf(module: string) {
  return ((await import(`lucide-react/icons/${module}`)) as { __iconData: { name: string; node: IconNode } }).__iconData;
}

/** What lucide-react draws inside its `<svg>`, as the sprite writes it (self-closed elements). */
function lucideDrawing(markup: string): string {
  return markup.replace(/^<svg[^>]*>|<\/svg>$/g, '').replace(/><\/\w+>/g, '/>');
}

describe('createIcon (lucide icons compiled at build time, drawn from one sprite)', () => {
  it("renders lucide-react's <svg>, decorative or named, sized or not, with the drawing taken from the sprite", async () => {
    const [flame, check, shield] = await Promise.all(['flame', 'check', 'shield-check'].map(drawingOf));
    const cases = [
      [Flame, flame!, { 'aria-hidden': 'true', className: 'size-4' }],
      [Check, check!, { className: 'size-4 shrink-0 text-brand-400' }],
      [ShieldCheck, shield!, { 'aria-label': 'Seguro', size: 16, strokeWidth: 3 }],
      [Check, check!, {}],
    ] as const;
    const sprite = spriteOf([flame!, check!, shield!]);
    for (const [Lucide, drawing, props] of cases) {
      const theirs = renderToStaticMarkup(createElement(Lucide, props));
      // Ours leaves out what HTML does not need and no style reads.
      const expected = theirs
        .replace(' xmlns="http://www.w3.org/2000/svg"', '')
        .replace(/ class="lucide lucide-[\w-]+ ?([^"]*)"/, (_, rest: string) => (rest ? ` class="${rest}"` : ''));
      const ours = renderToStaticMarkup(createElement(createIcon(drawing.name, SPRITE), props));
      const use = `<use href="${SPRITE}#${drawing.name}"></use>`;
      expect(ours).toBe(expected.replace(/^(<svg[^>]*>)[\s\S]*(<\/svg>)$/, `$1${use}$2`));
      expect(sprite).toContain(`<symbol id="${drawing.name}" viewBox="0 0 24 24">${lucideDrawing(theirs)}</symbol>`);
    }
  });

  it('draws the drawing itself inside IconsDrawnInline where the build gave it (prerendering), and keeps <use> where it did not (the browser)', async () => {
    const flame = await drawingOf('flame');
    const theirs = renderToStaticMarkup(createElement(Flame, { className: 'size-4' }));
    const expected = theirs.replace(' xmlns="http://www.w3.org/2000/svg"', '').replace('lucide lucide-flame ', '');
    const prerendered = createIcon(flame.name, SPRITE, flame.node);
    expect(renderToStaticMarkup(createElement(IconsDrawnInline, null, createElement(prerendered, { className: 'size-4' })))).toBe(expected);
    expect(renderToStaticMarkup(createElement(prerendered, { className: 'size-4' }))).toContain(`<use href="${SPRITE}#flame">`);
    const browser = createIcon(flame.name, SPRITE);
    expect(renderToStaticMarkup(createElement(IconsDrawnInline, null, createElement(browser, { className: 'size-4' })))).toContain(
      `<use href="${SPRITE}#flame">`,
    );
  });

  it("takes the drawing from the page's own symbols inside IconSymbolsInPage, on the server and in the browser alike", async () => {
    const flame = await drawingOf('flame');
    for (const icon of [createIcon(flame.name, SPRITE, flame.node), createIcon(flame.name, SPRITE)]) {
      const inPage = renderToStaticMarkup(createElement(IconSymbolsInPage, null, createElement(icon, { className: 'size-4' })));
      expect(inPage).toContain('<use href="#flame"></use>');
      expect(inPage).not.toContain(SPRITE);
    }
    // A part drawn inline stays inline.
    const prerendered = createIcon(flame.name, SPRITE, flame.node);
    const both = renderToStaticMarkup(
      createElement(IconSymbolsInPage, null, createElement(IconsDrawnInline, null, createElement(prerendered, { className: 'size-4' }))),
    );
    expect(both).not.toContain('<use');
  });
});
