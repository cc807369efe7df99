/**
 * Copy of the e-mails the buyer receives (pt-BR). `{name}` marks are filled in by the server's
 * mail renderer, which also escapes them.
 */
export const accessEmail = {
  subject: 'Seu acesso à {productName} está liberado',
  /** Shown by mail apps beside the subject, before the message is opened. */
  preheader: 'Pagamento confirmado. Guarde este e-mail: o link dentro dele é o seu acesso vitalício.',
  greeting: 'Olá, {firstName}!',
  /** When the buyer's name is empty. */
  greetingWithoutName: 'Olá!',
  thanks: 'Obrigado pela sua compra. Seu pagamento foi confirmado e o seu acesso à {productName} já está liberado.',
  button: 'ACESSAR MINHA LISTA',
  rawLinkIntro: 'Se o botão não funcionar, copie e cole este endereço no navegador:',
  aboutTitle: 'O que você recebeu',
  about: [
    'Contatos de fornecedores verificados de streaming e assinaturas digitais, com WhatsApp ou Telegram de cada um.',
    'Lista atualizada toda semana: ao abrir o link, você vê sempre a versão mais recente.',
    'Acesso vitalício: pagamento único, sem mensalidade.',
  ],
  guaranteeTitle: 'Garantia de {guaranteeDays} dias',
  guarantee:
    'Se a lista não for para você, peça o reembolso até {guaranteeEndsAt}: devolvemos 100% do valor pago pelo PIX e o acesso é encerrado.',
  refundLink: 'Pedir reembolso',
  recoverTitle: 'Perdeu este e-mail?',
  recover: 'Entre em {recoverUrl} e digite o e-mail que você usou na compra: enviamos o link de acesso de novo.',
  support: 'Dúvidas ou algum problema com o acesso? Escreva para {supportEmail} que a gente ajuda.',
  signature: 'Boas compras!',
  /** Why the buyer got this message (shown small at the bottom). */
  footer: 'Você recebeu este e-mail porque comprou a {productName}. Não compartilhe o seu link de acesso.',
} as const;

/**
 * The seller's alert when one buyer paid twice within 48 h (sent to SUPPORT_EMAIL). Both orders
 * keep their access; the message says which one to refund at the gateway.
 */
export const duplicatePaymentAlert = {
  subject: 'Pagamento em duplicidade: reembolsar o pedido {orderId}',
  intro: 'O mesmo comprador pagou duas vezes em menos de 48 horas. Os dois pagamentos foram aceitos e o acesso foi liberado.',
  action: 'Reembolse o segundo pagamento no painel do gateway:',
  refundTitle: 'Reembolsar',
  keepTitle: 'Manter (primeiro pagamento)',
  order: 'Pedido',
  transaction: 'Transação no gateway',
  amount: 'Valor',
  paidAt: 'Pago em',
  buyer: 'Comprador',
  unknown: '—',
  afterRefund: 'Depois do reembolso, o pedido sai da lista de "npm run report". O comprador mantém o acesso pelo primeiro pedido.',
  /** GATEWAY_REFUNDS=1: the second payment is refunded without the seller (docs/refunds.md#duplicate-payments). */
  automatic: {
    subject: 'Pagamento em duplicidade: reembolso automático do pedido {orderId}',
    action:
      'O segundo pagamento está sendo reembolsado automaticamente pelo gateway; o comprador recebe um e-mail quando o valor voltar. Acompanhe no painel, em Pedidos → Reembolsos pedidos. Se o gateway falhar, o painel mostra como reembolsar à mão.',
    refundTitle: 'Reembolso automático',
  },
} as const;

/**
 * The e-mails about a PIX waiting to be paid: "Seu PIX está pronto" right after the charge, and
 * the reminders (PIX_REMINDER_MINUTES) while it is still payable. Plain facts, no pressure: the
 * code, the amount, the real expiry and the order page.
 */
export const pixEmails = {
  ready: {
    subject: 'Seu PIX está pronto',
    preheader: 'Copie o código PIX e pague {amount} no app do seu banco. Ele vale até {expiry}.',
    intro: 'Seu PIX para a {productName} está pronto. Para concluir a compra, pague {amount} com o código abaixo.',
    footer: 'Você recebeu este e-mail porque gerou um PIX para a {productName} com este endereço.',
  },
  reminder: {
    subject: 'Seu PIX de {amount} ainda aguarda pagamento',
    preheader: 'O código continua valendo até {expiry}. Se você já pagou, pode ignorar este e-mail.',
    intro: 'Você gerou um PIX para a {productName} e ainda não recebemos o pagamento. O código abaixo continua valendo.',
    alreadyPaid: 'Se você já pagou, pode ignorar este e-mail: a confirmação chega em instantes.',
    optOutIntro: 'Não quer mais receber lembretes deste pedido?',
    optOutLink: 'Não quero mais lembretes',
    footer: 'Você recebeu este lembrete porque gerou um PIX para a {productName} com este endereço e ele ainda não foi pago.',
  },
  amountLabel: 'Valor',
  codeLabel: 'PIX copia e cola',
  howToPay: 'No app do seu banco, escolha PIX copia e cola e cole o código.',
  expiry: 'Este código vale até {expiry} (horário de Brasília).',
  button: 'VER MEU PEDIDO',
  orderPageIntro: 'Na página do pedido você vê o QR Code, copia o código com um toque e acompanha a confirmação:',
  afterPayment: 'Assim que o pagamento for confirmado, enviamos o link de acesso para este e-mail.',
} as const;
