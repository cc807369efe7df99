import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Manifest } from '../../scripts/build-manifest.ts';
import { chunksStylingPage, purgeFor, stringLiteralsOf } from '../../scripts/page-css.ts';

/** A stylesheet as Tailwind 4 and the build's minifier write it, cut down to the parts each rule below looks at. */
const SITE_CSS = [
  '@layer properties{@supports ((-webkit-hyphens:none)) and (not (margin-trim:inline)){*,:before,:after{--tw-border-style:solid}}}',
  '@layer base{',
  '*,:after,:before,::backdrop{box-sizing:border-box}',
  'code{font-size:1em}summary{display:list-item}strong{font-weight:bolder}',
  '::placeholder{opacity:1}::-webkit-inner-spin-button{height:auto}',
  '}',
  '@layer utilities{',
  '.border{border-style:var(--tw-border-style);border-width:1px}',
  '.backdrop-blur-md{--tw-backdrop-blur:blur(12px);backdrop-filter:var(--tw-backdrop-blur,) var(--tw-backdrop-sepia,)}',
  '.bg-ink-850\\/70{background-color:#0f1729b3}',
  '@supports (color:color-mix(in lab, red, red)){.bg-ink-850\\/70{background-color:color-mix(in oklab, var(--color-ink-850) 70%, transparent)}}',
  '.text-mixed{color:currentColor}',
  '@supports (color:color-mix(in lab, red, red)){.text-mixed{color:color-mix(in oklab, currentcolor 50%, transparent)}}',
  '.transition{transition-property:color;transition-timing-function:var(--tw-ease,ease);transition-duration:var(--tw-duration,.15s)}',
  '.duration-300{--tw-duration:.3s;transition-duration:.3s}',
  '.animate-pulse{animation:var(--animate-pulse)}',
  '.static{position:static}',
  '.backdrop\\:bg-ink-950::backdrop{background-color:#060a13}',
  '@media (hover:hover){.hover\\:bg-ink-800:hover{background-color:#141e33}}',
  '.active\\:translate-y-px:active{translate:0 1px}',
  '}',
  '@property --tw-border-style{syntax:"*";inherits:false;initial-value:solid}',
  '@property --tw-backdrop-blur{syntax:"*";inherits:false}',
  '@property --tw-backdrop-sepia{syntax:"*";inherits:false}',
  '@property --tw-duration{syntax:"*";inherits:false}',
  ':root{--color-ink-850:#0f1729;--animate-pulse:pulse 2s infinite}',
  '@keyframes pulse{50%{opacity:.5}}',
].join('');

const PAGE =
  '<div class="backdrop:bg-ink-950 border backdrop-blur-md bg-ink-850/70 text-mixed transition duration-300 animate-pulse hover:bg-ink-800 active:translate-y-px"><strong>R$ 19,90</strong></div>';

describe("a page's own part of the stylesheet (scripts/page-css.ts)", () => {
  it('keeps every rule that draws the page, custom properties and keyframes those rules read included', async () => {
    const css = await purgeFor(SITE_CSS, [PAGE]);
    for (const kept of [
      'box-sizing:border-box',
      'strong{font-weight:bolder}',
      '.border{',
      '--tw-border-style:solid',
      '.backdrop-blur-md{',
      '--tw-backdrop-blur:initial',
      '.bg-ink-850\\/70{background-color:#0f1729b3}',
      '.animate-pulse{',
      '@keyframes pulse',
      '--animate-pulse:',
    ]) {
      expect(css).toContain(kept);
    }
  });

  it('leaves out what Tailwind writes for browsers older than its own baseline, and keeps a colour-mix that has no hex colour to stand for it', async () => {
    const css = await purgeFor(SITE_CSS, [PAGE]);
    expect(css).not.toContain('@supports ((-webkit-hyphens:none))');
    expect(css).not.toContain('var(--color-ink-850) 70%');
    expect(css).toContain('color-mix(in oklab, currentcolor 50%, transparent)');
  });

  it('leaves out the @property of a custom property no rule sets, unless it has an initial value', async () => {
    const css = await purgeFor(SITE_CSS, [PAGE]);
    expect(css).not.toContain('--tw-backdrop-sepia:');
    expect(css).toContain('--tw-border-style:solid');
  });

  it('sets the custom properties it keeps on every element, in the lowest layer, instead of registering them', async () => {
    const css = await purgeFor(SITE_CSS, [PAGE]);
    expect(css).not.toContain('@property');
    // First, so every utility's own value wins; `initial` where Tailwind registers none, so none is inherited.
    expect(css.startsWith('@layer properties{*,:before,:after{')).toBe(true);
    expect(css).toMatch(/--tw-border-style:solid;--tw-backdrop-blur:initial/);
  });

  it('leaves `::backdrop` out of every selector: nothing is in the top layer at the first paint', async () => {
    const css = await purgeFor(SITE_CSS, [PAGE]);
    expect(css).not.toContain('backdrop{');
    expect(css).not.toContain('::backdrop');
    expect(css).toContain('*,:after,:before{box-sizing:border-box}');
  });

  it('leaves out transitions and the hover and press looks, which come with the rest of the stylesheet', async () => {
    const css = await purgeFor(SITE_CSS, [PAGE]);
    expect(css).not.toMatch(/transition|--tw-duration|:hover|:active/);
    expect(css).not.toContain('.duration-300');
    expect(css).toContain('.animate-pulse{');
  });

  it("leaves out preflight's rules for tags and form-field parts the page never renders, and keeps them when it does", async () => {
    const without = await purgeFor(SITE_CSS, [PAGE, 'const label = "copy the code";']);
    expect(without).not.toMatch(/code\{|summary\{|::placeholder|spin-button/);
    const withField = await purgeFor(SITE_CSS, [PAGE, 'return <><input placeholder="E-mail" /><code>1</code><summary>2</summary></>;']);
    expect(withField).toMatch(/code\{/);
    expect(withField).toMatch(/summary\{/);
    expect(withField).toContain('::placeholder');
    expect(withField).toContain('::-webkit-inner-spin-button');
  });

  it('reads classes from the string literals of a source file and the tags it renders, not from its comments or its code', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'page-css-'));
    try {
      const file = path.join(dir, 'badge.tsx');
      fs.writeFileSync(
        file,
        [
          '// A static badge, its classes below.',
          'const tone = { on: "bg-ink-850/70", off: `border ${"animate-pulse"}` };',
          'export function Badge({ on }: { on: boolean }) {',
          '  const static_ = 1;',
          '  return <strong className={on ? tone.on : tone.off}><Price />{static_}</strong>;',
          '}',
        ].join('\n'),
      );
      const literals = stringLiteralsOf(file);
      // A component (`<Price />`) is no tag.
      expect(literals.split('\n')).toEqual(['bg-ink-850/70', 'border ', 'animate-pulse', '', '<strong']);
      const css = await purgeFor(SITE_CSS, [literals]);
      expect(css).toContain('.bg-ink-850\\/70{');
      expect(css).not.toContain('.static{');
      // Preflight's rule for a tag the code renders stays, though no page's HTML has it yet.
      expect(css).toContain('strong{font-weight:bolder}');
      expect(css).not.toMatch(/code\{/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads the chunks of the islands a first screen holds, not every island the entry can load', () => {
    // As Vite writes it for `/`: the sticky bar's chunk imports the entry, which lazily imports every island.
    const manifest: Manifest = {
      'src/client/landing-main.tsx': {
        file: 'assets/landing.js',
        isEntry: true,
        imports: ['_react.js'],
        dynamicImports: [
          'src/client/landing/sticky-bar.tsx',
          'src/client/landing/catalogue.tsx',
          'src/client/checkout/checkout-provider.tsx',
        ],
      },
      '_react.js': { file: 'assets/react.js' },
      'src/client/landing/sticky-bar.tsx': { file: 'assets/sticky-bar.js', imports: ['src/client/landing-main.tsx', '_react.js'] },
      'src/client/landing/catalogue.tsx': { file: 'assets/catalogue.js', imports: ['_cards.js'] },
      '_cards.js': { file: 'assets/cards.js' },
      'src/client/checkout/checkout-provider.tsx': { file: 'assets/checkout.js' },
    };
    const later = ['src/client/checkout/checkout-provider.tsx'];
    const entry = 'src/client/landing-main.tsx';
    expect(chunksStylingPage(manifest, entry, ['src/client/landing/sticky-bar.tsx'], later).sort()).toEqual([
      'assets/landing.js',
      'assets/react.js',
      'assets/sticky-bar.js',
    ]);
    // From the entry itself: every island and what it imports, never what waits for the whole stylesheet.
    expect(chunksStylingPage(manifest, entry, [entry], later).sort()).toEqual([
      'assets/cards.js',
      'assets/catalogue.js',
      'assets/landing.js',
      'assets/react.js',
      'assets/sticky-bar.js',
    ]);
  });
});
