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

/**
 * The product's name and price as the page prints them when the seller published none: the default of the offer's
 * `product` section (content/offer.ts), onto which the page's data block lays the seller's (docs/editing.md#prices).
 */
export const productSection = { name: site.productName, priceCents: site.priceCents, referencePriceCents: 0 } as const;

/** Words shared by small interface parts. */
export const interfaceCopy = {
  /** Shown (to screen readers, with a warning icon) when an image fails to load. */
  imageUnavailable: 'Imagem indisponível',
} as const;
