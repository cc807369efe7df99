import { describe, expect, it } from 'vitest';
import { appsInTier, catalogueApps, catalogueTiers, supplierCard, upsellPopup } from './catalogue.ts';

/** docs/product.md#money-and-capacity, original prices in R$, written out here independently of the module. */
const specOriginalPrices: Record<string, string> = {
  Netflix: '55,90',
  'Disney+': '43,90',
  Spotify: '21,90',
  'Prime Video': '14,90',
  'YouTube Premium': '24,90',
  'HBO Max': '34,90',
  Globoplay: '24,90',
  'Apple TV+': '14,90',
  'Apple Music': '16,90',
  'Paramount+': '19,90',
  'Star+': '27,90',
  Crunchyroll: '14,90',
  Deezer: '16,90',
  'Amazon Music': '16,90',
  'Xbox Game Pass': '29,90',
  SkyShowtime: '13,90',
  Funimation: '17,90',
  Plex: '19,90',
  Tidal: '17,90',
  'Twitch Turbo': '29,90',
  Premiere: '59,90',
  'NBA League Pass': '39,90',
  'Claro TV+': '49,90',
  'Fox Now': '19,90',
  UniTV: '24,90',
  'IPTV Premium': '79,90',
};

/** docs/product.md, the apps of each tier in order. */
const specTiers: Record<1 | 2 | 3 | 4, string[]> = {
  1: ['Netflix', 'Disney+', 'Spotify', 'Prime Video', 'YouTube Premium'],
  2: ['HBO Max', 'Globoplay', 'Apple TV+', 'Apple Music', 'Paramount+'],
  3: ['Star+', 'Crunchyroll', 'Deezer', 'Amazon Music', 'Xbox Game Pass'],
  4: [
    'SkyShowtime',
    'Funimation',
    'Plex',
    'Tidal',
    'Twitch Turbo',
    'Premiere',
    'NBA League Pass',
    'Claro TV+',
    'Fox Now',
    'UniTV',
    'IPTV Premium',
  ],
};

const apps = catalogueApps;

/** WCAG relative luminance of "#RRGGBB". */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const channel = parseInt(hex.slice(i, i + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('catalogue', () => {
  it('holds the 26 apps of the spec, each at its original price', () => {
    expect(apps).toHaveLength(26);
    expect(new Set(apps.map((app) => app.name)).size).toBe(26);
    const prices = Object.fromEntries(apps.map((app) => [app.name, (app.originalPriceCents / 100).toFixed(2).replace('.', ',')]));
    expect(prices).toEqual(specOriginalPrices);
  });

  it('puts 5/5/5/11 apps in tiers 1 to 4, in the spec order, plus one tier-0 supplier card', () => {
    for (const tier of [1, 2, 3, 4] as const) {
      expect(appsInTier(tier).map((app) => app.name)).toEqual(specTiers[tier]);
    }
    expect([1, 2, 3, 4].map((tier) => apps.filter((app) => app.tier === tier).length)).toEqual([5, 5, 5, 11]);
    expect(supplierCard).toMatchObject({ tier: 0, category: 'credit', badge: 'FORNECEDOR', name: 'Fornecedor de Recarga' });
    expect(catalogueTiers.map((heading) => heading.tier)).toEqual([1, 2, 3, 4]);
  });

  it('offers every app at R$ 1,00 in integer centavos', () => {
    for (const app of apps) {
      expect(app.offerPriceCents).toBe(100);
      expect(Number.isInteger(app.originalPriceCents)).toBe(true);
    }
  });

  it('prices the supplier card at R$ 100 of credit for R$ 20', () => {
    expect(supplierCard.creditCents).toBe(10000);
    expect(supplierCard.costCents).toBe(2000);
    const copy = `R$ ${supplierCard.creditCents / 100} de crédito por R$ ${supplierCard.costCents / 100}`;
    expect(upsellPopup.title).toBe(copy);
    expect(supplierCard.features).toContain(copy);
  });

  it('gives every card 3 or 4 short feature lines and a readable local monogram', () => {
    for (const card of [...apps, supplierCard]) {
      expect(card.features.length, card.name).toBeGreaterThanOrEqual(3);
      expect(card.features.length, card.name).toBeLessThanOrEqual(4);
      for (const line of card.features) expect(line.length, line).toBeLessThanOrEqual(50);
      expect(card.brandColor, card.name).toMatch(/^#[0-9A-F]{6}$/);
      expect(card.monogram.length, card.name).toBeGreaterThanOrEqual(1);
      expect(card.monogram.length, card.name).toBeLessThanOrEqual(3);
      expect(contrast(card.brandColor, card.monogramTextColor), card.name).toBeGreaterThanOrEqual(4.5);
      expect(card.iconUrl, card.name).toBeUndefined();
    }
  });
});
