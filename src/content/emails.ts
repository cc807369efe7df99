/**
 * Copy of every e-mail the shop sends (pt-BR): the buyer's, the seller's alert and the console's
 * invitation. `{name}` marks are filled in by each e-mail's renderer, which also escapes them.
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

/** The buyer's e-mails about a refund; `{name}` marks are filled in and escaped by the mail renderer. */
export const refundEmails = {
  received: {
    subject: 'Recebemos seu pedido de reembolso',
    preheader: 'Seu pedido de reembolso de {amount} foi registrado. Veja o que acontece agora.',
    intro: 'Recebemos o seu pedido de reembolso da {productName}, feito em {requestedAt}.',
    nextManual:
      'O que acontece agora: em até {answerDays} dias analisamos o pedido e devolvemos {amount} pelo PIX, para a mesma conta que pagou. Você recebe outro e-mail quando o valor for devolvido.',
    nextAuto:
      'O que acontece agora: o reembolso já foi aprovado e {amount} volta pelo PIX para a mesma conta que pagou. Você recebe outro e-mail quando o valor for devolvido.',
    access: 'Quando o reembolso for feito, o seu acesso à lista é encerrado.',
    footer: 'Você recebeu este e-mail porque pediu o reembolso da {productName}.',
  },
  done: {
    subject: 'Reembolso feito',
    preheader: 'Devolvemos {amount} pelo PIX. O acesso à lista foi encerrado.',
    intro: 'O reembolso da sua compra da {productName} foi feito: devolvemos {amount} pelo PIX, para a mesma conta que pagou.',
    timing: 'O valor costuma aparecer no extrato em poucos minutos; alguns bancos levam até 1 dia útil.',
    access: 'O seu acesso à lista foi encerrado, e o link do e-mail de acesso não abre mais a lista.',
    footer: 'Você recebeu este e-mail porque a sua compra da {productName} foi reembolsada.',
  },
  /** A buyer who paid twice: the second payment went back, the first one's access stays. */
  doneDuplicate: {
    subject: 'Devolvemos o seu pagamento em duplicidade',
    preheader: 'Você pagou duas vezes: devolvemos {amount} pelo PIX. Seu acesso continua ativo.',
    intro: 'Você pagou a {productName} duas vezes. Devolvemos o segundo pagamento, {amount}, pelo PIX, para a mesma conta que pagou.',
    timing: 'O valor costuma aparecer no extrato em poucos minutos; alguns bancos levam até 1 dia útil.',
    access: 'O seu acesso continua ativo pelo primeiro pagamento. Se precisar do link de novo, peça em {recoverUrl}.',
    footer: 'Você recebeu este e-mail porque pagou a {productName} duas vezes.',
  },
  /** Part of the purchase went back (the add-on alone, in its own window); the rest stays. */
  donePart: {
    subject: 'Reembolso feito',
    preheader: 'Devolvemos {amount} pelo PIX. O restante da sua compra continua ativo.',
    intro: 'O reembolso de parte da sua compra da {productName} foi feito: devolvemos {amount} pelo PIX, para a mesma conta que pagou.',
    timing: 'O valor costuma aparecer no extrato em poucos minutos; alguns bancos levam até 1 dia útil.',
    access: 'Continua com você: {keptItems}. O link do e-mail de acesso segue abrindo o que ficou.',
    footer: 'Você recebeu este e-mail porque parte da sua compra da {productName} foi reembolsada.',
  },
  /** A payment that bought again something the buyer had, with something new: the repeated part went back. */
  doneDuplicatePart: {
    subject: 'Devolvemos o que você pagou em duplicidade',
    preheader: 'Sua compra repetia algo que você já tinha: devolvemos {amount} pelo PIX.',
    intro:
      'A sua última compra incluía o que você já tinha comprado antes. Devolvemos essa parte, {amount}, pelo PIX, para a mesma conta que pagou.',
    timing: 'O valor costuma aparecer no extrato em poucos minutos; alguns bancos levam até 1 dia útil.',
    access: 'Continua com você: {keptItems}. Se precisar do link de novo, peça em {recoverUrl}.',
    footer: 'Você recebeu este e-mail porque pagou duas vezes por parte da sua compra da {productName}.',
  },
  declined: {
    subject: 'Sobre o seu pedido de reembolso',
    preheader: 'Não pudemos aprovar o reembolso. Veja o motivo.',
    intro: 'Analisamos o seu pedido de reembolso da {productName}, feito em {requestedAt}, e não pudemos aprová-lo.',
    reasonTitle: 'Motivo',
    access: 'O seu acesso à lista continua ativo.',
    footer: 'Você recebeu este e-mail porque pediu o reembolso da {productName}.',
  },
  support: 'Dúvidas? Escreva para {supportEmail}.',
  signature: 'Obrigado,',
} as const;

/** The one review request (docs/reviews.md), sent days after the payment. */
/** Paid by the PIX code and in the bank's app: the bank's payment asked back at once (docs/payments.md#open-finance). */
export const bankReturnEmail = {
  subject: 'Você pagou duas vezes: devolvemos o pagamento feito no app do banco',
  preheader: 'Pedimos a devolução de {amount} pago no app do banco. Seu acesso continua ativo.',
  intro:
    'O seu pedido da {productName} foi pago duas vezes: com o código PIX e no app do seu banco. Ficamos com o pagamento do código PIX e pedimos a devolução do pagamento feito no app do banco, {amount}, para a mesma conta que pagou.',
  timing: 'A devolução costuma aparecer no extrato em poucos minutos; alguns bancos levam até 1 dia útil.',
  access: 'O seu acesso continua ativo. Se precisar do link de novo, peça em {recoverUrl}.',
  signature: 'Obrigado,',
  footer: 'Você recebeu este e-mail porque o seu pedido da {productName} foi pago duas vezes.',
} as const;

/** The PIX paid after the purchase was refunded through the bank-app payment goes back (bank-returns/bank-return-email.ts). */
export const pixReturnEmail = {
  ...bankReturnEmail,
  subject: 'Você pagou duas vezes: devolvemos o PIX pago depois do reembolso',
  preheader: 'Pedimos a devolução de {amount} pago pelo código PIX de um pedido já reembolsado.',
  intro:
    'O seu pedido da {productName} foi pago duas vezes: no app do seu banco, pagamento que já foi reembolsado, e com o código PIX. Como a compra já foi reembolsada, pedimos a devolução do pagamento do código PIX, {amount}, para a mesma conta que pagou.',
  access: 'Com as duas devoluções, nada fica cobrado por este pedido. Se quiser comprar de novo, faça um novo pedido.',
} as const;

export const reviewEmail = {
  subject: 'Como está sendo a lista?',
  preheader: 'Conte em poucas palavras como está sendo a {productName}. Leva um minuto.',
  intro:
    'Faz alguns dias que você começou a usar a {productName}. Queremos saber como está sendo: conseguiu falar com os fornecedores? A lista ajudou?',
  ask: 'Se puder, deixe uma nota e algumas palavras sobre a sua experiência. Leva um minuto.',
  button: 'Avaliar a lista',
  rawLinkIntro: 'Se o botão não abrir, copie este endereço no navegador:',
  consent: 'O seu depoimento só é publicado com a sua autorização, e você pode retirá-lo quando quiser na sua página de acesso.',
  signature: 'Obrigado pela confiança!',
  footer: 'Você recebeu este e-mail porque comprou a {productName}. É o único pedido de avaliação que enviamos.',
};

/** The owner's invitation to the console (docs/editing.md#users): the link is the only key. */
export const inviteEmail = {
  subject: 'Convite para o painel de {shop}',
  preheader: 'Crie seu acesso ao painel do vendedor.',
  intro: 'Você foi convidado para o painel de {shop}, com estas permissões: {permissions}.',
  button: 'Criar meu acesso',
  rawLink: 'Se o botão não abrir, copie este link:',
  expiry: 'O link vale até {until} e funciona uma vez.',
  footer: 'Se você não esperava este convite, ignore este e-mail: sem o link, nada acontece.',
} as const;

/** The seller's alert, at SUPPORT_EMAIL, the first time a provider sends an event the shop does not read (docs/payments.md#unrecognised-events). */
export const unrecognisedEventEmail = {
  subject: 'Aviso desconhecido da {provider}: {event}',
  preheader: 'A loja recebeu um aviso assinado que ainda não sabe ler.',
  intro:
    'A {provider} enviou um aviso assinado chamado {event}, que a loja não reconhece. Ele foi guardado e contado em Saúde, mas nada mudou nos pedidos por causa dele.',
  action:
    'Se ele fala de um pagamento, reembolso ou contestação, confira o pedido no painel da {provider} e em Saúde. Este e-mail vem só na primeira vez que esse nome aparece.',
  footer: 'Você recebeu este e-mail porque é o endereço de suporte desta loja.',
} as const;

/** The seller's alert, at SUPPORT_EMAIL, when a provider's disputes have not been readable for an hour (docs/disputes.md#loud). */
/** A background read failing for an hour (docs/payments.md#loud); {what}, {risk} and {action} are the read's, from content/background-reads.ts. */
export const readAlertEmail = {
  subject: 'Não conseguimos ler {what} da {provider}',
  preheader: 'Há mais de uma hora a loja não consegue ler {what}.',
  intro: 'Desde {since}, a loja não consegue ler {what} da {provider}. O último erro foi: {error}',
  risk: 'Enquanto isso, {risk}',
  action: '{action}',
  footer: 'Você recebeu este e-mail porque é o endereço de suporte desta loja.',
} as const;

/**
 * The seller's alert about a dispute, at SUPPORT_EMAIL: on opening, 24 h and 6 h before the defence is due, and when it
 * is won or lost. Each sentence states what the dispute's row records (src/server/disputes/dispute-alert-email.ts).
 */
export const disputeAlertEmail = {
  /** Every alert's first paragraph. */
  contested: '{buyer}, que fez o pedido {ref}, contestou no próprio banco o PIX de {amount}; a contestação chegou ao provedor {provider}.',
  opened: {
    subject: 'Contestação aberta no pedido {ref}',
    preheader: '{buyer} contestou o PIX de {amount}. Prazo da defesa: {due}.',
    body: ['Prazo para a defesa: {due}.', 'Toque em "Enviar defesa" antes do prazo. Não reembolse enquanto a contestação estiver aberta.'],
  },
  reminder: {
    subject: 'Faltam {left} para defender o pedido {ref}',
    preheader: 'A contestação de {buyer} ainda não tem defesa. Prazo: {due}.',
    body: ['A defesa ainda não foi enviada. Prazo para a defesa: {due}.', 'Toque em "Enviar defesa" antes do prazo.'],
  },
  won: {
    subject: 'Contestação ganha no pedido {ref}',
    preheader: 'A contestação do PIX de {amount} terminou a seu favor.',
    body: ['A contestação terminou como ganha: nada foi devolvido ao comprador pelo MED nesta contestação.'],
  },
  lost: {
    subject: 'Contestação perdida no pedido {ref}',
    preheader: '{returned} devolvidos ao comprador pelo MED.',
    body: [
      'A contestação terminou como perdida: {returned} foram devolvidos ao comprador pelo MED.',
      'Não reembolse este valor de novo: ele já voltou ao comprador pelo próprio PIX.',
    ],
  },
  /** Lost at a provider where the money goes back by a devolução read later (Efí): nothing has gone back yet. */
  lostAwaited: {
    subject: 'Contestação perdida no pedido {ref}',
    preheader: 'A {provider} deu a contestação como perdida; a devolução do MED ainda não apareceu no PIX.',
    body: [
      'A contestação terminou como perdida, mas a devolução do MED ainda não apareceu no PIX: nada voltou ao comprador até agora, e o acesso continua.',
      'Quando a devolução aparecer, o valor devolvido passa a contar como devolvido pelo MED em “Contestações”. Não reembolse enquanto isso.',
    ],
  },
  button: 'Abrir a contestação no painel',
  rawLink: 'Ou copie este link no navegador:',
  footer: 'Você recebeu este e-mail porque é o endereço de suporte desta loja.',
} as const;

/**
 * The affiliate's e-mails (docs/affiliates.md#the-affiliates-page): the seller's invitation, the answer to a request
 * from /afiliados, the sign-in link of /afiliado and the confirmation of a new PIX key. Each link works once.
 */
export const affiliateEmails = {
  rawLink: 'Se o botão não funcionar, copie e cole este endereço no navegador:',
  expiry: 'O link vale até {until} e funciona uma vez. Depois, peça outro em {signInUrl}.',
  invite: {
    subject: 'Convite para ser afiliado de {shop}',
    preheader: 'Seu link de afiliado e suas vendas ficam na sua página.',
    intro: '{shop} cadastrou você como afiliado. Na sua página você encontra seu link de divulgação, suas vendas e suas comissões.',
    button: 'ABRIR MINHA PÁGINA DE AFILIADO',
    terms: 'Ao entrar, leia e aceite os termos do programa de afiliados.',
    footer:
      'Você recebeu este e-mail porque {shop} cadastrou este endereço como afiliado. Se não esperava, ignore: sem o link, nada acontece.',
  },
  approved: {
    subject: 'Seu pedido de afiliado foi aprovado',
    preheader: 'Entre na sua página para pegar seu link de divulgação.',
    intro: 'Boa notícia: {shop} aprovou seu pedido para ser afiliado. Na sua página você encontra seu link, suas vendas e suas comissões.',
    button: 'ABRIR MINHA PÁGINA DE AFILIADO',
    footer: 'Você recebeu este e-mail porque pediu para ser afiliado de {shop}.',
  },
  refused: {
    subject: 'Resposta ao seu pedido de afiliado',
    preheader: 'O vendedor não aprovou o pedido desta vez.',
    intro: '{shop} analisou seu pedido para ser afiliado e não o aprovou desta vez.',
    reason: 'Motivo informado: {reason}',
    noReason: 'O vendedor não informou um motivo.',
    footer: 'Você recebeu este e-mail porque pediu para ser afiliado de {shop}.',
  },
  signIn: {
    subject: 'Seu link de acesso à página de afiliado',
    preheader: 'Vale por 30 minutos e funciona uma vez.',
    intro: 'Use o botão abaixo para entrar na sua página de afiliado de {shop}. Não precisa de senha.',
    button: 'ENTRAR NA MINHA PÁGINA',
    footer:
      'Você recebeu este e-mail porque alguém pediu um link de acesso para este endereço. Se não foi você, ignore: sem o link, nada acontece.',
  },
  pixKey: {
    subject: 'Confirme sua nova chave PIX',
    preheader: 'A nova chave só vale depois da sua confirmação.',
    intro: 'Foi pedida a troca da chave PIX onde você recebe as comissões de {shop} para: {pixKey}.',
    button: 'CONFIRMAR NOVA CHAVE PIX',
    hold: 'Depois da confirmação, os pagamentos ficam retidos por 24 horas, por segurança.',
    footer:
      'Se você não pediu esta troca, ignore este e-mail: a chave atual continua valendo. Vale a pena entrar na sua página e conferir.',
  },
} as const;

/** To the affiliate, once per payout confirmed (docs/affiliates.md#payouts): the amount, and the E2E id their bank shows. */
export const affiliatePayoutEmail = {
  subject: 'Repasse de {amount} enviado por PIX',
  preheader: 'Suas comissões de {shop} foram pagas.',
  intro: '{firstName}, enviamos {amount} por PIX para a sua chave {pixKey}, referentes às comissões disponíveis de {shop}.',
  endToEnd: 'Identificador da transação (E2E): {endToEndId}. Ele aparece no comprovante do seu banco.',
  byHand: 'O vendedor marcou este repasse como pago no app do banco; o comprovante fica com ele, se você precisar.',
  footer: 'Você recebe este e-mail porque é afiliado de {shop}. A declaração desta renda é de cada um.',
} as const;
