import { guaranteeTitle } from './guarantee.ts';

/** Section 4 of the landing page: the benefits grid (docs/product.md#the-journey: 6 items, from the spec's claims). */

/** lucide-react icon names (kebab-case, as on lucide.dev); the section maps each to its component. */
export type BenefitIcon = 'mail' | 'refresh-cw' | 'circle-play' | 'store' | 'shield-check' | 'gift';

export interface Benefit {
  readonly icon: BenefitIcon;
  readonly title: string;
  readonly text: string;
}

export const benefitsSection = {
  eyebrow: 'Vantagens',
  title: 'Por que comprar a lista',
} as const;

/** `guaranteeDays`: GUARANTEE_DAYS from the public config, which the guarantee's card prints. */
export const benefits = (guaranteeDays: string) =>
  [
    {
      icon: 'mail',
      title: 'Entrega imediata por e-mail',
      text: 'Assim que o PIX é confirmado, o link de acesso chega no seu e-mail.',
    },
    {
      icon: 'refresh-cw',
      title: 'Lista atualizada toda semana',
      text: 'Os contatos são revisados semanalmente, e você sempre vê a data da última atualização.',
    },
    {
      icon: 'circle-play',
      title: 'Vídeos tutoriais',
      text: 'Passo a passo em vídeo para chamar o fornecedor e ativar a sua assinatura.',
    },
    {
      icon: 'store',
      title: 'Revenda permitida',
      text: 'Use as assinaturas você mesmo ou revenda para amigos e clientes.',
    },
    {
      icon: 'shield-check',
      title: guaranteeTitle(guaranteeDays),
      text: `Não gostou? Peça o reembolso em até ${guaranteeDays} dias, na página da sua lista, e devolvemos 100% do valor pago.`,
    },
    {
      icon: 'gift',
      title: 'R$ 8,00 de crédito grátis',
      text: 'Comprando hoje, você ganha R$ 8,00 de crédito junto com o seu acesso.',
    },
  ] as const satisfies readonly Benefit[];
