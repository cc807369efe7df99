/** The seller's identity and the product as the page presents it (pt-BR). */
export const site = {
  brandName: 'Fornecedores Secretos',
  brandShort: 'FS',
  productName: 'Lista de Fornecedores Secretos Vitalícia',
  /**
   * The price the copy announces: every price in content/ is formatted from it with shared/money.ts
   * (but the landing page's meta description, see site.test.ts); the gateway's offer decides what is charged.
   */
  priceCents: 1990,
  lifetimeLabel: 'Acesso Vitalício',
  language: 'pt-BR',
} as const;

/** Titles and descriptions of each page, for the document head and search engines. */
export const pageMeta = {
  landing: {
    title: 'Lista de Fornecedores Secretos Vitalícia — streaming a partir de R$ 1,00',
    description:
      // Typed out, not formatted: the pre-sell page loads this module up front, and the formatter would
      // cost it bytes for a text only the prerenderer prints (site.test.ts keeps it equal to priceCents).
      'Acesso vitalício a +200 fornecedores verificados de Netflix, Disney+, Spotify e +30 apps por R$ 1,00 por mês cada. Pagamento único de R$ 19,90 via PIX.',
  },
  presell: {
    title: 'Você quer ter seus apps favoritos por R$ 1,00?',
    description: 'Netflix por R$ 1,00, recarga de celular com 80% de desconto e jogos premium.',
  },
  /** The member area: private, never indexed (its entry in shared/routes.ts says noindex). */
  access: {
    title: 'Sua lista de fornecedores',
    description: 'Área do comprador da Lista de Fornecedores Secretos Vitalícia.',
  },
  notFound: {
    title: 'Página não encontrada',
    description: 'Esta página não existe.',
  },
} as const;

/** Words shared by small interface parts. */
export const interfaceCopy = {
  /** Shown (to screen readers, with a warning icon) when an image fails to load. */
  imageUnavailable: 'Imagem indisponível',
} as const;
