import { guaranteeTitle } from './guarantee.ts';

/** Copy of the pre-sell page (docs/product.md#the-journey, route /presell). */
export const presell = {
  eyebrow: 'Pergunta rápida',
  headline: 'Você quer ter acesso aos seus apps favoritos por apenas R$ 1,00?',
  subheadline: 'Descubra onde os revendedores compram streaming, recargas e jogos pagando muito menos.',
  tiles: [
    { icon: 'tv', title: 'Netflix por R$ 1,00', text: 'E mais de 30 apps de streaming e música pelo mesmo valor.' },
    { icon: 'smartphone', title: 'Recarga de celular com 80% OFF', text: 'Créditos TIM e Claro pagando só uma fração do valor.' },
    { icon: 'gamepad', title: 'Jogos premium', text: 'Xbox Game Pass e outros serviços de jogos por muito menos.' },
  ],
  /** `guaranteeDays`: GUARANTEE_DAYS from the public config. */
  trustNotes: (guaranteeDays: string) => ['Pagamento 100% seguro via PIX', 'Acesso imediato por e-mail', guaranteeTitle(guaranteeDays)],
  cta: 'Sim, quero!',
  ctaHint: 'Leva menos de 1 minuto',
} as const;

export type PresellTileIcon = (typeof presell.tiles)[number]['icon'];

/** The page's title and description, for the document head and search engines. */
export const presellMeta = {
  title: 'Você quer ter seus apps favoritos por R$ 1,00?',
  description: 'Netflix por R$ 1,00, recarga de celular com 80% de desconto e jogos premium.',
} as const;
