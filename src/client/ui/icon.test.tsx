import { Check, Flame, ShieldCheck } from 'lucide-react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createIcon, type IconNode } from './icon.tsx';

/** The drawing lucide-react ships for an icon (each icon module exports it as `__iconData`). */
async function ours(module: string) {
  const { __iconData } = (await import(`lucide-react/icons/${module}`)) as { __iconData: { name: string; node: IconNode } };
  return createIcon(__iconData.name, __iconData.node);
}

describe('createIcon (lucide icons compiled at build time)', () => {
  it('renders the same SVG as lucide-react, decorative or named, sized or not', async () => {
    const cases = [
      [Flame, await ours('flame'), { 'aria-hidden': 'true', className: 'size-4' }],
      [Check, await ours('check'), { className: 'size-4 shrink-0 text-brand-400' }],
      [ShieldCheck, await ours('shield-check'), { 'aria-label': 'Seguro', size: 16, strokeWidth: 3 }],
      [Check, await ours('check'), {}],
    ] as const;
    for (const [Lucide, Ours, props] of cases) {
      expect(renderToStaticMarkup(createElement(Ours, props))).toBe(renderToStaticMarkup(createElement(Lucide, props)));
    }
  });
});
