/**
 * The seller's accent colour (docs/editing.md#logo-colour-and-video): `#rrggbb`, readable on every surface
 * it paints (`accentFailures`), with the nearest colour that is when it is not (`suggestAccent`).
 */

/** The build's accent, the theme's green: what `styles.css` falls back to while the seller sets none. */
export const BUILD_ACCENT = '#22c55e';

/** WCAG 2.2 AA: 4.5:1 for text (1.4.3), 3:1 for a component against what surrounds it (1.4.11). */
export const MIN_TEXT_CONTRAST = 4.5;
export const MIN_COMPONENT_CONTRAST = 3;

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

/** The page's dark backgrounds (styles.css `--color-ink-*`): the page, the sections, the cards and dialogs, a row's hover. */
const INK = { 950: '#060a13', 900: '#0b1220', 850: '#0f1729', 800: '#141e33' } as const;

/** `#rrggbbaa` laid over the opaque `#rrggbb` below it, as the browser paints a tint. */
function over(tint: string, below: string): string {
  const alpha = Number.parseInt(tint.slice(7, 9), 16) / 255;
  let painted = '#';
  for (const at of [1, 3, 5]) {
    const value = Math.round(
      Number.parseInt(tint.slice(at, at + 2), 16) * alpha + Number.parseInt(below.slice(at, at + 2), 16) * (1 - alpha),
    );
    painted += value.toString(16).padStart(2, '0');
  }
  return painted;
}

/** What the accent paints, each named as the seller would see it (content/look.ts words them). */
export type AccentSurface = 'buttonText' | 'buttonEdge' | 'accentText';

export interface AccentFailure {
  surface: AccentSurface;
  /** The worst pair of that surface, from 1 to 21. */
  ratio: number;
  minimum: number;
}

/**
 * Every pair of colours the accent makes on the pages it styles (the landing and pre-sell pages, the checkout,
 * the members' area, the 404), from the shades `accentProperties` gives the theme, grouped as the seller sees them:
 * - the white labels on the accent: the buy button (`bg-cta`, 500 to 600 from the top: the 500 is its lightest stop;
 *   its label is at most 18 px extra-bold, under WCAG's large text of 14 pt bold, so 4.5:1), and the white text on
 *   the 700 (the chat's buyer bubble, the members' buttons, the 404's link, the steps' numbers);
 * - the buy button against the page, the dialogs and the cards it sits on (ink 950, 900, 850): 3:1;
 * - the 300 and 400 text (prices, links, highlights, the 404's code) on every dark background and on the accent's
 *   tints over them (`ui/accent-surfaces.test.ts` holds the pages to these pairs).
 * The logo's monogram is white on the accent's gradient too, but a logotype has no contrast minimum (WCAG 1.4.3).
 */
function accentPairs(hex: string): Array<{ surface: AccentSurface; minimum: number; pairs: Array<[string, string]> }> {
  const shade = Object.fromEntries(
    accentProperties(hex)
      .split(';')
      .map((property) => property.slice('--accent-'.length).split(':')),
  ) as Record<string, string>;
  const inks: string[] = Object.values(INK);
  const grounds = [...inks, ...[INK[950], INK[900], INK[850]].flatMap((ink) => [over(shade.a10!, ink), over(shade.a15!, ink)])];
  return [
    {
      surface: 'buttonText',
      minimum: MIN_TEXT_CONTRAST,
      pairs: [
        ['#ffffff', shade[500]!],
        ['#ffffff', shade[700]!],
      ],
    },
    { surface: 'buttonEdge', minimum: MIN_COMPONENT_CONTRAST, pairs: [INK[950], INK[900], INK[850]].map((ink) => [shade[500]!, ink]) },
    {
      surface: 'accentText',
      minimum: MIN_TEXT_CONTRAST,
      pairs: [shade[300]!, shade[400]!].flatMap((text) => grounds.map((ground): [string, string] => [text, ground])),
    },
  ];
}

/** The surfaces where `hex` (`#rrggbb`, lower case) reads under WCAG 2.2 AA, each with its worst ratio; none: it passes. */
export function accentFailures(hex: string): AccentFailure[] {
  const failures: AccentFailure[] = [];
  for (const { surface, minimum, pairs } of accentPairs(hex)) {
    const ratio = Math.min(...pairs.map(([a, b]) => contrastRatio(a, b)));
    if (ratio < minimum) failures.push({ surface, ratio, minimum });
  }
  return failures;
}

// OKLab (Björn Ottosson, https://bottosson.github.io/posts/oklab/): lightness as the eye sees it, so a step changes
// every hue about as much, and a colour keeps its hue while only its lightness and, if need be, its chroma move.
type Rgb = [number, number, number];
const toLinear = (value: number) => (value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4);
const toGamma = (value: number) => (value <= 0.0031308 ? value * 12.92 : 1.055 * value ** (1 / 2.4) - 0.055);

function hexToOklch(hex: string): [number, number, number] {
  const [r, g, b] = [1, 3, 5].map((at) => toLinear(Number.parseInt(hex.slice(at, at + 2), 16) / 255)) as Rgb;
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  const lightness = 0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s;
  const a = 1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s;
  const bb = 0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s;
  return [lightness, Math.hypot(a, bb), Math.atan2(bb, a)];
}

/** Linear sRGB of an OKLCH colour, each channel in [0, 1] when it is inside sRGB. */
function oklchToLinear(lightness: number, chroma: number, hue: number): Rgb {
  const a = chroma * Math.cos(hue);
  const b = chroma * Math.sin(hue);
  const l = (lightness + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (lightness - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (lightness - 0.0894841775 * a - 1.291485548 * b) ** 3;
  return [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707637301 * s,
  ];
}

const inGamut = (rgb: Rgb) => rgb.every((value) => value >= -1e-7 && value <= 1 + 1e-7);
const linearToHex = (rgb: Rgb) =>
  `#${rgb
    .map((value) =>
      Math.round(toGamma(Math.min(1, Math.max(0, value))) * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** The step and reach of the lightness search: at most 400 lightnesses, each a few microseconds. */
const LIGHTNESS_STEP = 0.0025;

/**
 * The closest colour to `hex` that passes every surface (`accentFailures`): the same hue, the lightness moved
 * the least, up or down, keeping as much of the chroma as sRGB allows at that lightness. `hex` itself when it
 * passes; undefined when no lightness of that hue does. Deterministic: the nearer lightness first, the darker on a tie.
 */
export function suggestAccent(hex: string): string | undefined {
  if (accentFailures(hex).length === 0) return hex;
  const [lightness, chroma, hue] = hexToOklch(hex);
  for (let step = 1; step * LIGHTNESS_STEP <= 1; step++) {
    for (const next of [lightness - step * LIGHTNESS_STEP, lightness + step * LIGHTNESS_STEP]) {
      if (next < 0 || next > 1) continue;
      // The most chroma up to the colour's own that sRGB holds at this lightness.
      let [low, high] = [0, chroma];
      if (!inGamut(oklchToLinear(next, high, hue))) {
        for (let round = 0; round < 14; round++) {
          const middle = (low + high) / 2;
          if (inGamut(oklchToLinear(next, middle, hue))) low = middle;
          else high = middle;
        }
        high = low;
      }
      const candidate = linearToHex(oklchToLinear(next, high, hue));
      // The white label and the button's lightest ground are the quick tests: most lightnesses fail one of them,
      // and the whole check costs thirty pairs.
      if (contrastRatio('#ffffff', candidate) < MIN_TEXT_CONTRAST || contrastRatio(candidate, INK[850]) < MIN_COMPONENT_CONTRAST) continue;
      if (accentFailures(candidate).length === 0) return candidate;
    }
  }
  return undefined;
}
