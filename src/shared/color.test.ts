import { describe, expect, it } from 'vitest';
import { accentFailures, accentProperties, BUILD_ACCENT, contrastRatio, contrastText, normalizeHexColor, suggestAccent } from './color.ts';

describe('the accent colour', () => {
  it('reads #rrggbb in any case, and nothing else', () => {
    expect(normalizeHexColor(' #1D4ED8 ')).toBe('#1d4ed8');
    for (const bad of ['1d4ed8', '#1d4ed', '#1d4ed8f', '#gggggg', 'blue', 'rgb(0,0,0)', '#1d4ed8;}', ''])
      expect(normalizeHexColor(bad), bad).toBeUndefined();
  });

  it('measures contrast as WCAG 2.x does (its own examples: black on white 21:1, #777 on white 4.48:1)', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    // The build's green under white text reads at about 2.3:1, which is why a seller's own colour is checked.
    expect(contrastRatio('#22c55e', '#ffffff')).toBeLessThan(3);
    expect(contrastRatio('#1d4ed8', '#ffffff')).toBeGreaterThan(4.5);
  });

  it('rounds down when it says the ratio, so a failing colour never reads as "4,5:1"', () => {
    expect(contrastText(4.4999)).toBe('4,4:1');
    expect(contrastText(contrastRatio('#22c55e', '#ffffff'))).toBe('2,2:1');
  });

  it('gives the theme its five shades from the one colour', () => {
    const css = accentProperties('#1d4ed8');
    for (const shade of [300, 400, 500, 600, 700]) expect(css).toContain(`--accent-${shade}:`);
    expect(css).toBe(
      '--accent-300:#b0c1f1;--accent-400:#839eea;--accent-500:#1d4ed8;--accent-600:#1942b8;--accent-700:#143797;' +
        '--accent-a10:#1d4ed81a;--accent-a15:#1d4ed826;--accent-a25:#1d4ed840;--accent-a60:#1d4ed899',
    );
    // The darker shade under the white label reads better still than the colour itself.
    expect(contrastRatio('#1942b8', '#ffffff')).toBeGreaterThan(contrastRatio('#1d4ed8', '#ffffff'));
  });

  it('checks every surface the colour paints, with its worst figure', () => {
    const surfaces = (hex: string) => accentFailures(hex).map(({ surface, ratio, minimum }) => [surface, contrastText(ratio), minimum]);
    // Black: the buy button on the near-black card, the 400 grey on the page.
    expect(surfaces('#000000')).toEqual([
      ['buttonEdge', '1,0:1', 3],
      ['accentText', '3,5:1', 4.5],
    ]);
    // White and yellow: the white label on the button.
    expect(surfaces('#ffffff')).toEqual([['buttonText', '1,0:1', 4.5]]);
    expect(surfaces('#fde047')).toEqual([['buttonText', '1,3:1', 4.5]]);
    // Saturated: red's white label, green's, and blue, too dark on the page for the button and its text.
    expect(surfaces('#ff0000')).toEqual([['buttonText', '3,9:1', 4.5]]);
    expect(surfaces('#00ff00')).toEqual([['buttonText', '1,3:1', 4.5]]);
    expect(surfaces('#0000ff')).toEqual([
      ['buttonEdge', '2,0:1', 3],
      ['accentText', '4,4:1', 4.5],
    ]);
    // The build's own green fails its white label: the buy button's text is 14 to 18 px extra-bold, not WCAG's large text.
    expect(surfaces(BUILD_ACCENT)).toEqual([['buttonText', '2,2:1', 4.5]]);
  });

  it('suggests the nearest colour of the same hue that passes every surface, or the colour itself when it passes', () => {
    const suggestions = Object.fromEntries(
      ['#000000', '#ffffff', '#fde047', '#ff0000', '#00ff00', '#0000ff', BUILD_ACCENT].map((hex) => [hex, suggestAccent(hex)]),
    );
    expect(suggestions).toEqual({
      '#000000': '#646464',
      '#ffffff': '#767676',
      '#fde047': '#897600',
      '#ff0000': '#ee0000',
      '#00ff00': '#008a00',
      '#0000ff': '#104dff',
      [BUILD_ACCENT]: '#00893c',
    });
    for (const suggestion of Object.values(suggestions)) {
      expect(accentFailures(suggestion!), suggestion).toEqual([]);
      expect(suggestAccent(suggestion!)).toBe(suggestion);
    }
  });

  // What a suggestion costs is measured by `npm run bench -- colour` (a timing here would fail on a busy machine).
  it('suggests the same colour every time', () => {
    for (const hex of ['#000000', '#ffffff', '#fde047', '#ff0000', '#00ff00', '#0000ff', BUILD_ACCENT]) {
      expect(suggestAccent(hex), hex).toBe(suggestAccent(hex));
    }
  });
});
