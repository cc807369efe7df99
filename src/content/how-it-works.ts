import { formatBRL } from '../shared/money.ts';
import { site } from './site.ts';

/** Section 3 of the landing page: how it works, with an example chat (docs/product.md#the-journey). */
export const howItWorks = {
  eyebrow: 'Como funciona',
  title: 'Em 3 passos você paga R$ 1,00 no seu streaming',
  steps: [
    { title: 'Receba a lista', text: 'Após o pagamento, o acesso chega no seu e-mail na hora.' },
    { title: 'Chame o fornecedor', text: 'Escolha o app e fale direto com o fornecedor pelo WhatsApp ou Telegram.' },
    { title: 'Pague R$ 1,00 por mês', text: 'Assine pelo preço de revenda e use no seu celular, TV ou computador.' },
  ],
} as const;

/** The example chat beside the steps, and the saving it shows: the official price minus what the buyer paid, in centavos. */
export const howItWorksChat = {
  title: 'Exemplo de conversa',
  contact: 'Fornecedor Netflix',
  /** The avatar's letters, on Netflix's red. */
  monogram: 'N',
  status: 'online',
  messages: [
    { text: 'Oi! Vi seu contato na lista. Quanto fica a tela de Netflix?', from: 'buyer' },
    { text: 'Oi! Fica R$ 3,50 por mês, tela ultra HD. Quer que eu libere agora?', from: 'supplier' },
    { text: 'Quero sim! Pode mandar o PIX.', from: 'buyer' },
  ],
  officialLabel: 'Preço oficial',
  officialCents: 5590,
  savingLabel: 'Economia de',
  paidCents: 350,
} as const;

/** Section 9 of the landing page: the second how-it-works, from purchase to first saving (docs/product.md#the-journey: 4 steps). */
export const howToStart = {
  eyebrow: 'Do PIX à economia',
  title: 'Comece a economizar em 4 passos',
  steps: [
    {
      title: `Pague ${formatBRL(site.priceCents)} no PIX`,
      text: 'Pagamento único, direto pelo app do seu banco, sem cartão e sem mensalidade.',
    },
    { title: 'Receba o acesso no e-mail', text: 'Assim que o PIX é confirmado, o link da sua lista chega no seu e-mail.' },
    { title: 'Escolha o fornecedor', text: 'Abra a lista, encontre o app que você quer e chame o fornecedor no WhatsApp ou Telegram.' },
    { title: 'Assine e economize', text: 'Combine o plano direto com o fornecedor e pague a partir de R$ 1,00 por mês.' },
  ],
  cta: 'QUERO COMEÇAR AGORA',
} as const;
