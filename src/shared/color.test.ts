import { describe, expect, it } from 'vitest';
import { accentProperties, contrastRatio, contrastText, normalizeHexColor } from './color.ts';

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
});
