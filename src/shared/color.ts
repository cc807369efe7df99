/** The seller's accent colour (docs/editing.md#logo-colour-and-video): `#rrggbb`, dark enough for white button text. */

/** The build's accent, the theme's green: what `styles.css` falls back to while the seller sets none. */
export const BUILD_ACCENT = '#22c55e';

/** WCAG 2.x AA for normal text: the buy button's white label on the accent. */
export const MIN_BUTTON_CONTRAST = 4.5;

const HEX = /^#[0-9a-f]{6}$/;

/** `#rrggbb` (any case) as lower case, or undefined. */
export function normalizeHexColor(value: string): string | undefined {
  const lower = value.trim().toLowerCase();
  return HEX.test(lower) ? lower : undefined;
}

/** WCAG 2.x relative luminance of an sRGB `#rrggbb`. */
function luminance(hex: string): number {
  const channel = (at: number) => {
    const value = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG 2.x contrast ratio of two `#rrggbb` colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Rounded down, so that a colour shown as "4,5:1" is never one that fails. */
export const contrastText = (ratio: number) => `${(Math.floor(ratio * 10) / 10).toFixed(1).replace('.', ',')}:1`;

/** `hex` mixed with white (`toward` 255) or black (0), keeping `share` of it: a hex again, the fewest bytes in the head. */
function mix(hex: string, share: number, toward: 0 | 255): string {
  let mixed = '#';
  for (const at of [1, 3, 5]) {
    const value = Math.round(Number.parseInt(hex.slice(at, at + 2), 16) * share + toward * (1 - share));
    mixed += value.toString(16).padStart(2, '0');
  }
  return mixed;
}

/** The 500 shade at 10, 15, 25 and 60% opacity (the tints, the glow, the buy button's shadow). */
const ALPHAS: ReadonlyArray<[string, string]> = [
  ['a10', '1a'],
  ['a15', '26'],
  ['a25', '40'],
  ['a60', '99'],
];

/**
 * The page's accent shades from one colour: the theme's brand colours read these properties
 * (styles.css). The lighter ones are text on the page's dark background, so they mix towards white.
 */
export function accentProperties(hex: string): string {
  const shades: Array<[number, string]> = [
    [300, mix(hex, 0.35, 255)],
    [400, mix(hex, 0.55, 255)],
    [500, hex],
    [600, mix(hex, 0.85, 0)],
    [700, mix(hex, 0.7, 0)],
  ];
  // The 500 shade seen through: tints and the glow as 8-digit hex, so the first screen's CSS needs no colour-mix.
  const tints = ALPHAS.map(([name, alpha]) => `--accent-${name}:${hex}${alpha}`);
  return [...shades.map(([shade, value]) => `--accent-${shade}:${value}`), ...tints].join(';');
}
