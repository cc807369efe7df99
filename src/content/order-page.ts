/** The buyer's order page (`/pedido/{ref}`) and the reminders' opt-out page (pt-BR). */
export const orderPage = {
  meta: {
    title: 'Seu pedido',
    description: 'Acompanhe o pagamento do seu pedido da Lista de Fornecedores Secretos Vitalícia.',
  },
  loading: 'Carregando seu pedido…',
  notFound: {
    title: 'Pedido não encontrado',
    text: 'Confira se o link está completo, como veio no e-mail.',
  },
  loadError: 'Não foi possível carregar o pedido. Verifique sua conexão.',
  retry: 'Tentar novamente',
  pending: {
    title: 'Aguardando pagamento',
    text: 'Pague o PIX abaixo. Esta página confirma o pagamento sozinha, em poucos segundos.',
  },
  paid: {
    title: 'Pagamento confirmado',
    sentTo: (maskedEmail: string) => `Enviamos o seu acesso para ${maskedEmail}.`,
    sentToUnknown: 'Enviamos o seu acesso para o e-mail informado na compra.',
    checkSpam: 'Não encontrou? Confira as pastas de spam e promoções.',
    resend: 'Reenviar acesso',
    resending: 'Enviando…',
    resent: 'Pronto! Enviamos o acesso de novo. Pode levar alguns minutos para chegar.',
    tooMany: 'Você já pediu o reenvio várias vezes. Aguarde um pouco e tente de novo.',
    resendFailed: 'Não foi possível reenviar agora. Tente de novo em instantes.',
    /** Under the order's items, when the page has them. */
    totalPaid: 'Total pago',
    /** Paid by the PIX code and in the bank's app (docs/payments.md#open-finance): the bank's payment was asked back. */
    paidTwice: (amount: string) =>
      `Você pagou duas vezes: com o código PIX e no app do banco. Ficamos com o pagamento do código PIX e pedimos a devolução de ${amount} pago no app do banco, para a mesma conta que pagou. Costuma aparecer no extrato em poucos minutos; alguns bancos levam até 1 dia útil.`,
  },
  expired: {
    title: 'Este PIX expirou',
    text: 'O prazo para pagar este código acabou e nenhum valor foi cobrado. Gere um novo PIX para concluir a compra.',
    regenerate: 'Gerar novo PIX',
  },
  failed: {
    title: 'Não foi possível gerar este PIX',
    text: 'Nenhum valor foi cobrado. Gere um novo PIX para concluir a compra.',
  },
  /** A code retired by a newer checkout (the bump ticked or unticked): it can no longer be paid. */
  replaced: {
    title: 'Este PIX foi substituído',
    text: 'Você gerou um PIX mais recente para este pedido. Este código não vale mais: pague pelo PIX novo.',
    link: 'Ver o PIX mais recente',
  },
  /** A new PIX cancelled because the buyer's earlier PIX turned out paid (docs/money.md#one-payable-pix). */
  paidElsewhere: {
    title: 'Seu PIX anterior já foi pago',
    text: 'O que ele comprou já é seu. Cancelamos este PIX para você não pagar duas vezes.',
    /** Followed by the items left and their total. */
    left: 'Falta pagar só',
    nothingLeft: 'Nada mais a pagar: tudo deste pedido já é seu.',
    link: 'Ver meu pedido',
  },
  /** A refund (the guarantee, or the seller) or a chargeback: the reply does not say which. */
  reversed: {
    title: 'Pagamento devolvido',
    text: 'O valor deste pedido foi devolvido pelo PIX (reembolso ou estorno) e o acesso à lista foi encerrado.',
    /** Followed by the support address as a mailto link. */
    help: 'Dúvidas? Escreva para',
  },
  amountLabel: 'Valor',
  orderLabel: 'Pedido',
} as const;

/** `/pedido/{ref}/lembretes/{token}`: GET shows this with one button; only the POST opts out. */
export const remindersOptOut = {
  title: 'Lembretes do seu PIX',
  question: 'Não quer mais receber lembretes deste pedido?',
  explain:
    'Ao confirmar, paramos de enviar e-mails lembrando do PIX deste pedido. Se você pagar, o e-mail com o seu acesso chega normalmente.',
  button: 'Não quero mais lembretes',
  doneTitle: 'Pronto!',
  done: 'Você não receberá mais lembretes deste pedido. Se pagar o PIX, o e-mail com o seu acesso chega normalmente.',
  invalidTitle: 'Link inválido',
  invalid: 'Este link não é válido. Confira se ele está completo, como veio no e-mail.',
  orderLink: 'Ver meu pedido',
} as const;
