import { createElement, type ReactNode, type SVGProps } from 'react';

export interface IconProps extends SVGProps<SVGSVGElement> {
  size?: number | string;
  children?: ReactNode;
}

const ACCESSIBLE_PROP = /^(aria-|role$|title$)/;

/**
 * A lucide icon as a plain SVG component that draws the icon from the site's sprite
 * (`<use href="/assets/icons-….svg#flame">`). scripts/vite/lucide-icons.ts compiles every
 * `lucide-react` icon import into `createIcon(name, sprite)` and writes the sprite, so pages never
 * load lucide-react's runtime (≈ 3 KB of icon-building code, ≈ 1.2 KB brotli on every first load,
 * for what is static markup) and their HTML carries no drawings. The `<svg>` has lucide-react's
 * attributes (ui/icon.test.tsx compares them) but for `xmlns`, which HTML does not need, and the
 * `lucide lucide-flame` classes no style uses: decorative unless given an accessible name.
 */
export function createIcon(name: string, sprite: string) {
  const href = `${sprite}#${name}`;
  function Icon({ size = 24, strokeWidth = 2, className, children, ...rest }: IconProps) {
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
      createElement('use', { href }),
      children,
    );
  }
  return Icon;
}
