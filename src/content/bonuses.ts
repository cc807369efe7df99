/** Section 11 of the landing page: the bonuses and their stated values (docs/product.md). */

export interface Bonus {
  readonly title: string;
  readonly text: string;
  /** The value the seller states for the bonus, in centavos. */
  readonly valueCents: number;
}

export const bonuses = [
  {
    title: 'IPTV vitalício',
    text: 'Canais de TV ao vivo, filmes e séries, sem mensalidade.',
    valueCents: 19900,
  },
  {
    title: 'Gerador de contas',
    text: 'Ferramenta extra que acompanha o seu acesso à lista.',
    valueCents: 14900,
  },
  {
    title: 'Canva Pro vitalício',
    text: 'Crie posts, artes e vídeos com os recursos Pro do Canva.',
    valueCents: 29900,
  },
  {
    title: 'CapCut Pro vitalício',
    text: 'Edite vídeos para as redes sociais com os recursos Pro do CapCut.',
    valueCents: 19900,
  },
] as const satisfies readonly Bonus[];

/** Labels around the computed totals (see totals.ts): the amounts are formatted by the section. */
export const bonusSection = {
  eyebrow: 'Bônus exclusivos',
  title: 'Comprando hoje, você leva 4 bônus',
  subtitle: 'Todos liberados junto com o seu acesso, sem custo adicional.',
  /** The tag above each bonus: "BÔNUS 1"… */
  itemLabel: (position: number) => `BÔNUS ${position}`,
  valueLabel: 'Valor:',
  freeLabel: 'GRÁTIS',
  totalLabel: 'Valor total dos bônus',
  priceLabel: 'Hoje você paga apenas',
  savingLabel: 'Você economiza',
} as const;
