import { createContext, createElement, useContext, type ReactNode, type SVGProps } from 'react';

export interface IconProps extends SVGProps<SVGSVGElement> {
  size?: number | string;
  children?: ReactNode;
}

const ACCESSIBLE_PROP = /^(aria-|role$|title$)/;

/** One lucide icon's drawing: its SVG elements and their attributes (lucide's `__iconData.node`). */
export type IconNode = readonly (readonly [tag: string, attributes: Record<string, string>])[];

const DrawInline = createContext(false);

/**
 * Icons inside draw their drawing in the page's HTML instead of taking it from the sprite, where
 * pages are prerendered (only that build has the drawings; the browser keeps `<use>`). For the
 * static parts of a small page whose first screen shows its icons: the pre-sell page's five cost
 * 0.3 KB, where the sprite is one more request before its first paint. Never around an island,
 * whose markup the browser must render alike.
 */
export function IconsDrawnInline({ children }: { children: ReactNode }) {
  return <DrawInline.Provider value>{children}</DrawInline.Provider>;
}

const SymbolsInPage = createContext(false);

/**
 * Icons inside take their drawing from symbols in the page itself (`<use href="#flame">`), which
 * the page's loader adds from the sprite once the first paint is past (lib/entry-loader.ts): a
 * `<use>` naming the sprite's file starts its request as soon as the parser meets it, before the
 * first paint, and Lighthouse's slow-phone estimate of the largest paint waited for that request
 * (docs/benchmarks.md). For the pages hydrated island by island, on the server and in the browser
 * alike; drawn before the symbols are in, an icon is an empty box of its size.
 */
export function IconSymbolsInPage({ children }: { children: ReactNode }) {
  return <SymbolsInPage.Provider value>{children}</SymbolsInPage.Provider>;
}

/**
 * A lucide icon as a plain SVG component that draws the icon from the site's sprite
 * (`<use href="/assets/icons-….svg#flame">`). scripts/vite/lucide-icons.ts compiles every
 * `lucide-react` icon import into `createIcon(name, sprite)` and writes the sprite, so pages never
 * load lucide-react's runtime (≈ 3 KB of icon-building code, ≈ 1.2 KB brotli on every first load,
 * for what is static markup) and their HTML carries no drawings. The `<svg>` has lucide-react's
 * attributes (ui/icon.test.tsx compares them) but for `xmlns`, which HTML does not need, and the
 * `lucide lucide-flame` classes no style uses: decorative unless given an accessible name.
 */
export function createIcon(name: string, sprite: string, drawing?: IconNode) {
  const fromSprite = `${sprite}#${name}`;
  const inPage = `#${name}`;
  function Icon({ size = 24, strokeWidth = 2, className, children, ...rest }: IconProps) {
    const drawn = useContext(DrawInline) ? drawing : undefined;
    const href = useContext(SymbolsInPage) ? inPage : fromSprite;
    const labelled = Boolean(children) || Object.entries(rest).some(([key, value]) => ACCESSIBLE_PROP.test(key) && value != null);
    return createElement(
      'svg',
      {
        width: size,
        height: size,
        viewBox: '0 0 24 24',
        fill: 'none',
        stroke: 'currentColor',
        strokeWidth,
        strokeLinecap: 'round',
        strokeLinejoin: 'round',
        className,
        ...(labelled ? {} : { 'aria-hidden': 'true' }),
        ...rest,
      },
      ...(drawn ? drawn.map(([tag, attributes]) => createElement(tag, attributes)) : [createElement('use', { href })]),
      children,
    );
  }
  return Icon;
}
