/** Section 5 of the landing page: mobile top-up credit with 80% off (docs/product.md#the-journey and docs/product.md#money-and-capacity). */

export interface TopUpOption {
  /** The credit the phone receives, in centavos. */
  readonly faceValueCents: number;
  /** What the buyer pays the supplier for it, in centavos. */
  readonly priceCents: number;
}

export interface TopUpCarrier {
  readonly name: string;
  /** Background of the carrier's local monogram (no hotlinked logos). */
  readonly brandColor: `#${string}`;
  readonly options: readonly TopUpOption[];
}

/** The announced discount on top-up credit, in percent. */
export const TOP_UP_DISCOUNT_PERCENT = 80;

export const topUpCarriers: readonly TopUpCarrier[] = [
  {
    name: 'TIM',
    brandColor: '#004691',
    options: [
      { faceValueCents: 1000, priceCents: 200 },
      { faceValueCents: 2000, priceCents: 400 },
      { faceValueCents: 3000, priceCents: 600 },
    ],
  },
  {
    name: 'Claro',
    brandColor: '#DA291C',
    options: [
      { faceValueCents: 1500, priceCents: 300 },
      { faceValueCents: 2500, priceCents: 500 },
      { faceValueCents: 5000, priceCents: 1000 },
    ],
  },
];

export const topUp = {
  eyebrow: 'Recarga de celular',
  title: 'Recarga de celular com 80% OFF',
  subtitle: 'Na lista também estão os fornecedores de recarga: você paga só uma fração do valor e o crédito cai no seu número.',
  discountBadge: '80% OFF',
  faceValueLabel: 'Recarga de',
  priceLabel: 'Você paga',
  freeCreditClaim: 'R$ 8,00 de crédito grátis',
  freeCreditCents: 800,
  freeCreditText: 'Comprando a lista hoje, você ainda ganha R$ 8,00 de crédito grátis.',
  note: 'Valores praticados pelos fornecedores da lista; podem variar de um fornecedor para outro.',
  cta: 'QUERO RECARGA COM 80% OFF',
} as const;
