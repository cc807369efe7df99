/**
 * Section 8 of the landing page: the app catalogue, its tiers and the copy of the two popups it
 * opens (docs/product.md#the-journey and docs/product.md; original prices from docs/product.md#money-and-capacity).
 *
 * Icons: the site does not hotlink brand logos. Each app is drawn as a local monogram on its brand
 * colour; `iconUrl` stays unset unless the seller adds an image they are allowed to use.
 */

/** What kind of service an app is (docs/product.md). */
export type AppCategory = 'video' | 'music' | 'gaming' | 'sports' | 'tv' | 'iptv' | 'credit';

/** Tier 0 is the top-up supplier card; tiers 1 to 4 are the streaming apps. */
export type CatalogueTier = 0 | 1 | 2 | 3 | 4;
export type AppTier = Exclude<CatalogueTier, 0>;

export type AppBadge = 'MAIS PEDIDO' | 'FAVORITO' | 'TOP' | 'POPULAR' | 'QUERIDO' | 'FORNECEDOR';

/** A hex colour such as "#E50914". */
export type HexColor = `#${string}`;

/** White or black, whichever reads better on the brand colour (contrast checked by the tests). */
export type MonogramTextColor = '#FFFFFF' | '#000000';

export interface CatalogueApp {
  readonly name: string;
  readonly category: Exclude<AppCategory, 'credit'>;
  readonly tier: AppTier;
  /** The official monthly price the copy compares against, in centavos. */
  readonly originalPriceCents: number;
  /** What the list's suppliers are announced to charge per month, in centavos. */
  readonly offerPriceCents: number;
  readonly badge?: Exclude<AppBadge, 'FORNECEDOR'>;
  readonly isNew?: boolean;
  /** Short, generic lines: what a supplier usually offers, never a promise of ours. */
  readonly features: readonly string[];
  /** Background of the local monogram icon. */
  readonly brandColor: HexColor;
  readonly monogramTextColor: MonogramTextColor;
  /** The letters of the monogram icon (1 to 3 characters). */
  readonly monogram: string;
  /** Only for an image the seller is allowed to use; the monogram is drawn when unset. */
  readonly iconUrl?: string;
}

/** The tier-0 card: a supplier of mobile top-up credit (spec: R$ 100 for R$ 20). */
export interface SupplierCard {
  readonly name: string;
  readonly category: 'credit';
  readonly tier: 0;
  readonly badge: 'FORNECEDOR';
  /** Credit the buyer receives, in centavos. */
  readonly creditCents: number;
  /** What the buyer pays the supplier for it, in centavos. */
  readonly costCents: number;
  readonly features: readonly string[];
  readonly brandColor: HexColor;
  readonly monogramTextColor: MonogramTextColor;
  readonly monogram: string;
  readonly iconUrl?: string;
}

/** The announced monthly price of every app with a list supplier: R$ 1,00 (docs/product.md). */
export const APP_OFFER_PRICE_CENTS = 100;

const screenFeatures = ['Qualidade HD/4K, conforme o plano', 'Assista no celular, na TV ou no computador'] as const;
const musicFeatures = ['Música sem anúncios', 'Baixe e ouça off-line'] as const;
const activation = 'Ativação em poucos minutos';
const directContact = 'Contato direto com o fornecedor';

export const catalogueApps: readonly CatalogueApp[] = [
  // Tier 1 — the most wanted.
  {
    name: 'Netflix',
    category: 'video',
    tier: 1,
    originalPriceCents: 5590,
    offerPriceCents: APP_OFFER_PRICE_CENTS,
    badge: 'MAIS PEDIDO',
    features: [...screenFeatures, 'Filmes, séries e produções originais', activation],
    brandColor: '#E50914',
    monogramTextColor: '#FFFFFF',
    monogram: 'N',
  },
  {
    name: 'Disney+',
    category: 'video',
    tier: 1,
    originalPriceCents: 4390,
    offerPriceCents: APP_OFFER_PRICE_CENTS,
    badge: 'FAVORITO',
    features: [...screenFeatures, 'Disney, Pixar, Marvel e Star Wars', activation],
    brandColor: '#0063E5',
    monogramTextColor: '#FFFFFF',
    monogram: 'D+',
  },
  {
    name: 'Spotify',
    category: 'music',
    tier: 1,
    originalPriceCents: 2190,
    offerPriceCents: APP_OFFER_PRICE_CENTS,
    badge: 'TOP',
    features: ['Plano Premium', ...musicFeatures, activation],
    brandColor: '#1DB954',
    monogramTextColor: '#000000',
    monogram: 'S',
  },
  {
    name: 'Prime Video',
    category: 'video',
    tier: 1,
    originalPriceCents: 1490,
    offerPriceCents: APP_OFFER_PRICE_CENTS,
    badge: 'POPULAR',
    features: [...screenFeatures, 'Filmes, séries e originais Amazon', activation],
    brandColor: '#00A8E1',
    monogramTextColor: '#000000',
    monogram: 'PV',
  },
  {
    name: 'YouTube Premium',
    category: 'video',
    tier: 1,
    originalPriceCents: 2490,
    offerPriceCents: APP_OFFER_PRICE_CENTS,
    badge: 'QUERIDO',
    features: ['Vídeos sem anúncios', 'Reprodução em segundo plano', 'YouTube Music incluído', activation],
    brandColor: '#FF0000',
    monogramTextColor: '#000000',
    monogram: 'YT',
  },

  // Tier 2.
  {
    name: 'HBO Max',
    category: 'video',
    tier: 2,
    originalPriceCents: 3490,
    offerPriceCents: APP_OFFER_PRICE_CENTS,
    features: [...screenFeatures, 'Séries e filmes da HBO e da Warner', activation],
    brandColor: '#5822B4',
    monogramTextColor: '#FFFFFF',
    monogram: 'HBO',
  },
  {
    name: 'Globoplay',
    category: 'video',
    tier: 2,
    originalPriceCents: 2490,
    offerPriceCents: APP_OFFER_PRICE_CENTS,
    features: [...screenFeatures, 'Novelas, séries e programas da Globo', activation],
    brandColor: '#F4002E',
    monogramTextColor: '#000000',
    monogram: 'G',
  },
  {
    name: 'Apple TV+',
    category: 'video',
    tier: 2,
    originalPriceCents: 1490,
    offerPriceCents: APP_OFFER_PRICE_CENTS,
    features: [...screenFeatures, 'Séries e filmes originais Apple', directContact],
    brandColor: '#1D1D1F',
    monogramTextColor: '#FFFFFF',
    monogram: 'tv+',
  },
  {
    name: 'Apple Music',
    category: 'music',
    tier: 2,
    originalPriceCents: 1690,
    offerPriceCents: APP_OFFER_PRICE_CENTS,
    features: [...musicFeatures, 'Letras em tempo real', directContact],
    brandColor: '#FA243C',
    monogramTextColor: '#000000',
    monogram: 'AM',
  },
  {
    name: 'Paramount+',
    category: 'video',
    tier: 2,
    originalPriceCents: 1990,
    offerPriceCents: APP_OFFER_PRICE_CENTS,
    features: [...screenFeatures, 'Filmes, séries e realities', directContact],
    brandColor: '#0064FF',
    monogramTextColor: '#FFFFFF',
    monogram: 'P+',
  },

  // Tier 3.
  {
    name: 'Star+',
    category: 'video',
    tier: 3,
    originalPriceCents: 2790,
    offerPriceCents: APP_OFFER_PRICE_CENTS,
    features: [...screenFeatures, 'Séries, filmes e esportes', directContact],
    brandColor: '#C2185B',
    monogramTextColor: '#FFFFFF',
    monogram: 'S+',
  },
  {
    name: 'Crunchyroll',
    category: 'video',
    tier: 3,
    originalPriceCents: 1490,
    offerPriceCents: APP_OFFER_PRICE_CENTS,
    features: ['Animes sem anúncios', 'Episódios novos logo após a exibição no Japão', 'Legendado e dublado', directContact],
    brandColor: '#F47521',
    monogramTextColor: '#000000',
    monogram: 'CR',
  },
  {
    name: 'Deezer',
    category: 'music',
    tier: 3,
    originalPriceCents: 1690,
    offerPriceCents: APP_OFFER_PRICE_CENTS,
    features: ['Plano Premium', ...musicFeatures, directContact],
    brandColor: '#A238FF',
    monogramTextColor: '#FFFFFF',
    monogram: 'DZ',
  },
  {
    name: 'Amazon Music',
    category: 'music',
    tier: 3,
    originalPriceCents: 1690,
    offerPriceCents: APP_OFFER_PRICE_CENTS,
    features: ['Plano Unlimited', ...musicFeatures, directContact],
    brandColor: '#0E7C86',
    monogramTextColor: '#FFFFFF',
    monogram: 'AM',
  },
  {
    name: 'Xbox Game Pass',
    category: 'gaming',
    tier: 3,
    originalPriceCents: 2990,
    offerPriceCents: APP_OFFER_PRICE_CENTS,
    isNew: true,
    features: ['Catálogo com centenas de jogos', 'Jogue no console ou no PC', directContact],
    brandColor: '#107C10',
    monogramTextColor: '#FFFFFF',
    monogram: 'GP',
  },

  // Tier 4.
  {
    name: 'SkyShowtime',
    category: 'video',
    tier: 4,
    originalPriceCents: 1390,
    offerPriceCents: APP_OFFER_PRICE_CENTS,
    features: [...screenFeatures, directContact],
    brandColor: '#1E3A8A',
    monogramTextColor: '#FFFFFF',
    monogram: 'SS',
  },
  {
    name: 'Funimation',
    category: 'video',
    tier: 4,
    originalPriceCents: 1790,
    offerPriceCents: APP_OFFER_PRICE_CENTS,
    features: ['Animes legendados e dublados', 'Assista no celular, na TV ou no computador', directContact],
    brandColor: '#5B0BB5',
    monogramTextColor: '#FFFFFF',
    monogram: 'F',
  },
  {
    name: 'Plex',
    category: 'video',
    tier: 4,
    originalPriceCents: 1990,
    offerPriceCents: APP_OFFER_PRICE_CENTS,
    features: ['Filmes e séries em um só app', 'Assista no celular, na TV ou no computador', directContact],
    brandColor: '#A16207',
    monogramTextColor: '#FFFFFF',
    monogram: 'PX',
  },
  {
    name: 'Tidal',
    category: 'music',
    tier: 4,
    originalPriceCents: 1790,
    offerPriceCents: APP_OFFER_PRICE_CENTS,
    features: ['Áudio em alta fidelidade', ...musicFeatures, directContact],
    brandColor: '#000000',
    monogramTextColor: '#FFFFFF',
    monogram: 'TD',
  },
  {
    name: 'Twitch Turbo',
    category: 'gaming',
    tier: 4,
    originalPriceCents: 2990,
    offerPriceCents: APP_OFFER_PRICE_CENTS,
    features: ['Lives sem anúncios', 'Emotes e selo exclusivos', directContact],
    brandColor: '#9146FF',
    monogramTextColor: '#FFFFFF',
    monogram: 'TT',
  },
  {
    name: 'Premiere',
    category: 'sports',
    tier: 4,
    originalPriceCents: 5990,
    offerPriceCents: APP_OFFER_PRICE_CENTS,
    features: ['Futebol brasileiro ao vivo', 'Assista no celular, na TV ou no computador', directContact],
    brandColor: '#00873E',
    monogramTextColor: '#FFFFFF',
    monogram: 'PR',
  },
  {
    name: 'NBA League Pass',
    category: 'sports',
    tier: 4,
    originalPriceCents: 3990,
    offerPriceCents: APP_OFFER_PRICE_CENTS,
    features: ['Jogos da NBA ao vivo', 'Reprises e melhores momentos', directContact],
    brandColor: '#1D428A',
    monogramTextColor: '#FFFFFF',
    monogram: 'NBA',
  },
  {
    name: 'Claro TV+',
    category: 'tv',
    tier: 4,
    originalPriceCents: 4990,
    offerPriceCents: APP_OFFER_PRICE_CENTS,
    features: ['Canais de TV ao vivo', 'Filmes e séries sob demanda', directContact],
    brandColor: '#DA291C',
    monogramTextColor: '#FFFFFF',
    monogram: 'C+',
  },
  {
    name: 'Fox Now',
    category: 'tv',
    tier: 4,
    originalPriceCents: 1990,
    offerPriceCents: APP_OFFER_PRICE_CENTS,
    features: ['Séries e programas da Fox', 'Assista no celular, na TV ou no computador', directContact],
    brandColor: '#1F2A44',
    monogramTextColor: '#FFFFFF',
    monogram: 'FOX',
  },
  {
    name: 'UniTV',
    category: 'iptv',
    tier: 4,
    originalPriceCents: 2490,
    offerPriceCents: APP_OFFER_PRICE_CENTS,
    features: ['Canais ao vivo, filmes e séries', 'Funciona na smart TV, TV box e celular', directContact],
    brandColor: '#EA580C',
    monogramTextColor: '#000000',
    monogram: 'U',
  },
  {
    name: 'IPTV Premium',
    category: 'iptv',
    tier: 4,
    originalPriceCents: 7990,
    offerPriceCents: APP_OFFER_PRICE_CENTS,
    features: ['Canais ao vivo, filmes e séries', 'Funciona na smart TV, TV box e celular', directContact],
    brandColor: '#0369A1',
    monogramTextColor: '#FFFFFF',
    monogram: 'TV',
  },
];

export const supplierCard: SupplierCard = {
  name: 'Fornecedor de Recarga',
  category: 'credit',
  tier: 0,
  badge: 'FORNECEDOR',
  creditCents: 10000,
  costCents: 2000,
  features: [
    'R$ 100 de crédito por R$ 20',
    'Recargas TIM e Claro',
    'Para uso próprio ou revenda',
    // The spec's own supplier copy says 30 days here; the list's own guarantee is GUARANTEE_DAYS (7 unless set).
    'Garantia de 30 dias do fornecedor',
  ],
  brandColor: '#16A34A',
  monogramTextColor: '#000000',
  monogram: 'R$',
};

/** The apps of one tier, in catalogue order. */
export function appsInTier(tier: AppTier): readonly CatalogueApp[] {
  return catalogueApps.filter((app) => app.tier === tier);
}

/** The tiers in the order the section shows them, with their headings. */
export const catalogueTiers = [
  { tier: 1, label: 'Mais pedidos', description: 'Os apps que mais saem com os fornecedores da lista.' },
  { tier: 2, label: 'Queridinhos do Brasil', description: 'Séries, novelas, filmes e música para toda a família.' },
  { tier: 3, label: 'Animes, música e jogos', description: 'Para quem quer ir além do básico.' },
  { tier: 4, label: 'Esportes, TV e muito mais', description: 'Futebol, canais ao vivo e outros apps.' },
] as const satisfies readonly { tier: AppTier; label: string; description: string }[];

/** The section's words, in the offer's shape (shared/offer.ts `catalogue`): the defaults the seller edits. */
export const catalogueSection = {
  eyebrow: 'Catálogo',
  title: 'Seus apps favoritos por R$ 1,00 por mês',
  subtitle: 'Toque em um app para comparar o preço oficial com o preço dos fornecedores da lista.',
  supplierLabel: 'Destaque',
  /** The headings of `catalogueTiers`, in their order: which app is in which tier is the catalogue's. */
  tiers: catalogueTiers.map(({ label, description }) => ({ label, description })),
  newLabel: 'NOVO',
  officialPriceLabel: 'Preço oficial',
  offerPriceLabel: 'Com a lista',
  perMonth: '/mês',
  /** Opens the upsell popup. */
  cta: 'QUERO ACESSO AGORA',
  /**
   * Read by screen readers just before an app's name on its card (which opens the streaming popup):
   * the card's name is its visible text with this in front, e.g. "Ver detalhes de Netflix …".
   */
  openAppPrefix: 'Ver detalhes de',
  /** The summary under the tiers; the amounts are computed (content/totals.ts). */
  totalTitle: (count: number) => `Os ${count} apps juntos`,
  totalSavingLabel: 'Você economiza por mês',
} as const;

/** The popup opened by clicking an app (its contents are ours: the spec does not show them). */
export const streamingPopup = {
  eyebrow: 'Economize todo mês',
  title: (name: string) => `${name} por R$ 1,00 por mês`,
  officialPriceLabel: 'Preço oficial',
  offerPriceLabel: 'Com a lista',
  perMonth: '/mês',
  savingLabel: 'Você economiza',
  text: 'Na lista você encontra o contato dos fornecedores deste app e combina a assinatura direto com eles pelo WhatsApp ou Telegram.',
  featuresTitle: 'O que os fornecedores costumam oferecer',
  cta: 'QUERO MINHA LISTA AGORA',
  closeLabel: 'Fechar',
} as const;

/** The popup opened by the supplier card and by the catalogue's button. */
export const upsellPopup = {
  eyebrow: 'Oferta da lista',
  title: 'R$ 100 de crédito por R$ 20',
  text: 'Entre os contatos da lista está um fornecedor de recarga: você paga R$ 20 e recebe R$ 100 de crédito para o seu celular.',
  highlights: ['Recargas TIM e Claro com até 80% OFF', 'Use no seu número ou revenda', 'Acesso vitalício à lista por um pagamento único'],
  creditLabel: 'Você recebe',
  costLabel: 'Você paga',
  cta: 'QUERO MINHA LISTA AGORA',
  dismiss: 'Agora não',
  closeLabel: 'Fechar',
} as const;
