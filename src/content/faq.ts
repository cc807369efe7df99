import { REFUND_ANSWER_DAYS } from '../shared/guarantee.ts';
import { formatBRL } from '../shared/money.ts';
import { site } from './site.ts';

/**
 * Sections 13 and 14 of the landing page: the accordion FAQ (6 items) and the FAQ grid (10 items).
 * Every answer must stay true to how the product works: PIX, access by e-mail after the payment is
 * confirmed, lifetime access, the guarantee of GUARANTEE_DAYS asked for on the member page or the
 * order page (docs/refunds.md), weekly updates, support links in the footer. Both sections are
 * functions of `guaranteeDays`, the public config's GUARANTEE_DAYS.
 */

export interface FaqItem {
  readonly question: string;
  readonly answer: string;
}

export const faqAccordion = (guaranteeDays: string) =>
  ({
    eyebrow: 'Dúvidas',
    title: 'Perguntas frequentes',
    items: [
      {
        question: 'Como recebo o acesso à lista?',
        answer:
          'O pagamento é feito por PIX. Assim que ele é confirmado, enviamos o link de acesso para o e-mail que você informou na compra. Se não encontrar a mensagem, confira também a caixa de spam e a aba Promoções.',
      },
      {
        question: 'Quais são as formas de pagamento?',
        answer: `Somente PIX, em pagamento único de ${formatBRL(site.priceCents)}. Não existe mensalidade nem cobrança recorrente, e você não precisa de cartão de crédito.`,
      },
      {
        question: 'O acesso é vitalício mesmo?',
        answer: 'Sim. Você paga uma única vez e continua com acesso à lista, incluindo as atualizações semanais, sem pagar de novo.',
      },
      {
        question: 'E se eu não gostar?',
        answer: `Você tem ${guaranteeDays} dias de garantia, contados do pagamento. Peça o reembolso na página da sua lista (pelo link do e-mail de acesso) ou na página do seu pedido, e devolvemos 100% do valor pago pelo PIX, para a conta que pagou.`,
      },
      {
        question: 'Quanto tempo duram as contas compradas com os fornecedores?',
        answer:
          'Depende do fornecedor e do serviço. Em média, as contas duram de 3 a 6 meses. Antes de pagar, combine com o fornecedor o prazo e as condições de reposição.',
      },
      {
        question: 'Posso revender as assinaturas?',
        answer:
          'Pode. A revenda é permitida: você pode usar as assinaturas que comprar com os fornecedores ou revendê-las para amigos e clientes.',
      },
    ],
  }) as const satisfies { eyebrow: string; title: string; items: readonly FaqItem[] };

export const faqGrid = (guaranteeDays: string) =>
  ({
    title: 'Ainda tem dúvidas?',
    subtitle: `Teste por ${guaranteeDays} dias: se a lista não for para você, devolvemos o seu dinheiro.`,
    items: [
      {
        question: 'O que exatamente eu recebo?',
        answer:
          'Acesso vitalício a uma lista com mais de 200 contatos de fornecedores (WhatsApp e Telegram) de streaming, música, jogos e recargas, organizada por categoria.',
      },
      {
        question: 'Quem vende as assinaturas?',
        answer:
          'Os próprios fornecedores da lista. Você conversa, negocia e paga direto com eles; nós vendemos o acesso à lista de contatos.',
      },
      {
        question: 'Quanto vou pagar por cada app?',
        answer: 'Cada fornecedor define o próprio preço. Na lista há fornecedores que cobram de R$ 1,00 a R$ 3,00 por mês por app.',
      },
      {
        question: 'A lista é atualizada?',
        answer: 'Sim, a lista é revisada toda semana, e a página da lista mostra a data da última atualização.',
      },
      {
        question: 'Funciona em quais aparelhos?',
        answer: 'Depende do app, mas a maioria funciona no celular, na smart TV e no computador, como uma assinatura comum.',
      },
      {
        question: 'Preciso de cartão de crédito?',
        answer: 'Não. O pagamento é só por PIX, direto pelo app do seu banco, com QR Code ou código copia e cola.',
      },
      {
        question: 'Paguei e não recebi o e-mail. E agora?',
        answer:
          'O e-mail sai logo após a confirmação do PIX. Confira a caixa de spam e a aba Promoções e veja se digitou o endereço certo. Se mesmo assim não chegar, fale com o suporte e nós reenviamos o seu acesso.',
      },
      {
        question: `Como funciona a garantia de ${guaranteeDays} dias?`,
        answer: `Em até ${guaranteeDays} dias depois do pagamento, toque em “Pedir reembolso” na página da sua lista (o link está no e-mail de acesso) ou na do seu pedido, escolha um motivo, se quiser, e confirme. Você recebe um e-mail na hora, respondemos em até ${REFUND_ANSWER_DAYS} dias e devolvemos 100% do valor pelo PIX, para a mesma conta que pagou. Feito o reembolso, o acesso à lista é encerrado.`,
      },
      {
        question: 'Meus dados estão seguros?',
        answer:
          'Pedimos só o necessário para a compra e a entrega do acesso. O pagamento é processado pelo gateway de pagamento e não compartilhamos seus dados com os fornecedores. Os detalhes estão na Política de privacidade.',
      },
      {
        question: 'Como falo com o suporte?',
        answer: 'Pelo link Suporte, no rodapé desta página. Escreva do mesmo e-mail usado na compra para agilizar o atendimento.',
      },
    ],
    cta: `QUERO TESTAR POR ${guaranteeDays} DIAS`,
  }) as const satisfies { title: string; subtitle: string; items: readonly FaqItem[]; cta: string };
