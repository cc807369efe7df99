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

/** Words shared by small interface parts. */
export const interfaceCopy = {
  /** Shown (to screen readers, with a warning icon) when an image fails to load. */
  imageUnavailable: 'Imagem indisponível',
} as const;
