import { createElement, type ReactNode, type SVGProps } from 'react';

/** One lucide icon's drawing: its SVG elements and their attributes (lucide's `__iconData.node`). */
export type IconNode = readonly (readonly [tag: string, attributes: Record<string, string>])[];

export interface IconProps extends SVGProps<SVGSVGElement> {
  size?: number | string;
  children?: ReactNode;
}

const ACCESSIBLE_PROP = /^(aria-|role$|title$)/;

/**
 * A lucide icon as a plain SVG component. scripts/vite/lucide-icons.ts compiles every
 * `lucide-react` icon import into `createIcon(name, node)` with the icon's own drawing, so pages
 * never load lucide-react's runtime (≈ 3 KB of icon-building code, ≈ 1.2 KB brotli on every first
 * load, for what is static markup). The output is lucide-react's own, attribute for attribute
 * (ui/icon.test.tsx compares them): decorative unless given an accessible name.
 */
export function createIcon(name: string, node: IconNode) {
  function Icon({ size = 24, strokeWidth = 2, className, children, ...rest }: IconProps) {
    const labelled = Boolean(children) || Object.entries(rest).some(([key, value]) => ACCESSIBLE_PROP.test(key) && value != null);
    return createElement(
      'svg',
      {
        xmlns: 'http://www.w3.org/2000/svg',
        width: size,
        height: size,
        viewBox: '0 0 24 24',
        fill: 'none',
        stroke: 'currentColor',
        strokeWidth,
        strokeLinecap: 'round',
        strokeLinejoin: 'round',
        className: className ? `lucide lucide-${name} ${className}` : `lucide lucide-${name}`,
        ...(labelled ? {} : { 'aria-hidden': 'true' }),
        ...rest,
      },
      ...node.map(([tag, attributes]) => createElement(tag, attributes)),
      children,
    );
  }
  return Icon;
}
