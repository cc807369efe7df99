import { guaranteeTitle } from './guarantee.ts';

/** Copy of the landing page's frame and hero (docs/product.md#the-journey, sections 1, 2 and 16). */
export const hero = {
  badge: 'Oferta de lançamento',
  headline: 'Assine Netflix, Disney+, Spotify e +30 apps por R$ 1,00 por mês',
  highlight: 'R$ 1,00',
  subheadline:
    'Receba a lista com +200 fornecedores verificados que revendedores usam para pagar uma fração do preço oficial — para uso próprio ou para revender.',
  priceCaption: 'Pagamento único',
  priceNote: 'Acesso vitalício · sem mensalidade',
  cta: 'QUERO MINHA LISTA AGORA',
  /** `guaranteeDays`: GUARANTEE_DAYS from the public config. */
  trust: (guaranteeDays: string) => ['Entrega por e-mail logo após o pagamento', guaranteeTitle(guaranteeDays), 'Pagamento via PIX'],
  /** Above the offer countdown (time left until the current batch closes, docs/product.md#2-live-signals-tell-the-truth). */
  countdownLabel: 'Esta oferta termina em',
} as const;

export const stickyBar = {
  cta: 'GARANTIR MINHA LISTA',
  caption: 'Acesso vitalício por',
} as const;

/** The page's title and description, for the document head and search engines. */
export const landingMeta = {
  title: 'Lista de Fornecedores Secretos Vitalícia — streaming a partir de R$ 1,00',
  description:
    // The one place the price is typed out: only the prerenderer prints this text, and site.test.ts
    // keeps it equal to site.priceCents, from which every other price in content/ is formatted.
    'Acesso vitalício a +200 fornecedores verificados de Netflix, Disney+, Spotify e +30 apps por R$ 1,00 por mês cada. Pagamento único de R$ 19,90 via PIX.',
} as const;

/** "de R$ 47,00 por": the words around the hero's reference price, above the price (docs/editing.md#prices). */
export const referencePriceWords = { from: 'de', to: 'por' } as const;
