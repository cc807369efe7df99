import { describe, expect, it } from 'vitest';
import { offerDefaults, offerMessages } from '../content/offer.ts';
import { offerChanges } from './offer-diff.ts';
import { mergeOffers } from './offer-merge.ts';
import { offerFromStored, offerSchema, type Offer } from './offer.ts';

function withLook(look: Partial<Offer['look']>, video = ''): Offer {
  const offer = structuredClone(offerDefaults);
  Object.assign(offer.look, look);
  offer.hero.video = video;
  return offer;
}

const refusals = (offer: Offer) =>
  Object.fromEntries(
    (offerSchema(offerMessages).safeParse(offer).error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );

describe('the logo, accent colour and hero video fields', () => {
  it('take a dark enough colour (stored in lower case), a YouTube link and an uploaded logo', () => {
    const offer = withLook({ accentColor: '#2457E2', logo: 'a1b2c3d4e5f60718293a.400x120' }, ' https://youtu.be/dQw4w9WgXcQ ');
    const parsed = offerSchema(offerMessages).parse(offer);
    expect(parsed.look).toEqual({ accentColor: '#2457e2', logo: 'a1b2c3d4e5f60718293a.400x120' });
    expect(parsed.hero.video).toBe('https://youtu.be/dQw4w9WgXcQ');
  });

  it('refuses a colour some surface cannot be read on, saying each figure and the nearest colour that passes, in Portuguese', () => {
    expect(refusals(withLook({ accentColor: '#22c55e' }))).toEqual({
      'look.accentColor': 'O texto branco do botão fica com 2,2:1 (mínimo 4,5:1). A cor mais próxima que passa é #00893c.',
    });
    // Black: the buy button vanishes on the near-black card, and the highlighted text is grey on black.
    expect(refusals(withLook({ accentColor: '#000000' }))).toEqual({
      'look.accentColor':
        'O botão some no fundo escuro da página: 1,0:1 (mínimo 3:1). Os textos em destaque ficam com 3,5:1 sobre o fundo (mínimo 4,5:1). ' +
        'A cor mais próxima que passa é #646464.',
    });
    expect(refusals(withLook({ accentColor: 'azul' }))['look.accentColor']).toBe('Use uma cor no formato #RRGGBB, por exemplo #2457e2.');
    expect(refusals(withLook({ accentColor: '#000;}body{x' }))['look.accentColor']).toBe(offerMessages.color);
  });

  it('refuses a link that is no YouTube or Vimeo video', () => {
    expect(refusals(withLook({}, 'https://example.com/video.mp4'))).toEqual({ 'hero.video': offerMessages.video });
  });

  it('reads a version stored before these fields as the build look', () => {
    const stored = structuredClone(offerDefaults) as Partial<Offer>;
    delete stored.look;
    delete (stored.hero as Partial<Offer['hero']>).video;
    const read = offerFromStored(stored, offerDefaults, offerMessages);
    expect(read.look).toEqual({ logo: '', accentColor: '' });
    expect(read.hero.video).toBe('');
    expect(read.hero.headline).toBe(offerDefaults.hero.headline);
  });

  it('lists each changed one once in the diff, and merges with another editor who changed something else', () => {
    const mine = withLook({ accentColor: '#2457e2' }, 'https://youtu.be/dQw4w9WgXcQ');
    expect(offerChanges(offerDefaults, mine).map((change) => `${change.section}.${change.key}`)).toEqual([
      'hero.video',
      'look.accentColor',
    ]);
    const theirs = withLook({ logo: 'a1b2c3d4e5f60718293a.400x120' });
    const merged = mergeOffers(offerDefaults, theirs, mine);
    expect(merged.conflicts).toEqual([]);
    expect(merged.offer.look).toEqual({ logo: 'a1b2c3d4e5f60718293a.400x120', accentColor: '#2457e2' });
    expect(merged.offer.hero.video).toBe('https://youtu.be/dQw4w9WgXcQ');
  });
});
