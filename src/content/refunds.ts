/**
 * The guarantee's refunds (docs/refunds.md), in the buyer's words: the reasons a buyer may pick,
 * the API's answers, and the e-mails. The member page, the order page and the console label the
 * same reasons from here.
 */
import type { RefundReason } from '../shared/refunds.ts';

export const refundReasonLabels: Record<RefundReason, string> = {
  not_for_me: 'A lista não é para mim',
  contacts_unanswered: 'Os fornecedores não responderam',
  expected_other: 'Esperava outra coisa',
  bought_by_mistake: 'Comprei por engano',
  other: 'Outro motivo',
};

/** What the refund endpoints answer with; the pages show these as they are. */
export const refundApi = {
  windowClosed: (days: number, supportEmail: string) =>
    `O prazo de ${days} dias da garantia terminou. Se precisar de ajuda, escreva para ${supportEmail}.`,
  notPaid: 'Este pedido não tem um pagamento confirmado para reembolsar.',
  alreadyRequested: 'Você já pediu o reembolso deste pedido. Acompanhe pelo e-mail.',
  confirmRequired: 'Confirme que deseja pedir o reembolso.',
  invalid: 'Confira o motivo: o texto pode ter até 500 caracteres.',
  needsContactKey: 'Para pedir o reembolso, abra o link “Pedir reembolso” do e-mail de acesso.',
  tooMany: 'Muitas tentativas. Aguarde um minuto e tente de novo.',
  tooLarge: 'O texto enviado é grande demais.',
};

/** The console's refund actions' refusals. */
export const refundConsoleApi = {
  notPaid: 'Só pedidos pagos podem ser reembolsados.',
  inProgress: 'O reembolso deste pedido já está em andamento.',
  notRequested: 'Não há pedido de reembolso aguardando resposta neste pedido.',
  declineReason: 'Escreva o motivo, de 5 a 500 caracteres: o comprador recebe este texto por e-mail.',
  badFormat: 'Formato inválido: use pdf ou html.',
};

/** Why a refund at the gateway stopped, as the console shows it beside the steps to refund by hand. */
export const refundGateway = {
  noTransaction: 'Este pedido não tem transação no gateway: reembolse à mão.',
  notSeen:
    'O gateway recebeu o pedido de reembolso, mas a transação continua paga depois de 30 minutos. Confira no painel do gateway antes de tentar de novo.',
  notPaid: (status: string) => `A transação não está paga no gateway (status: ${status}). Confira no painel do gateway.`,
};

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
  declined: {
    subject: 'Sobre o seu pedido de reembolso',
    preheader: 'Não pudemos aprovar o reembolso. Veja o motivo.',
    intro: 'Analisamos o seu pedido de reembolso da {productName}, feito em {requestedAt}, e não pudemos aprová-lo.',
    reasonTitle: 'Motivo',
    access: 'O seu acesso à lista continua ativo.',
    footer: 'Você recebeu este e-mail porque pediu o reembolso da {productName}.',
  },
  support: 'Dúvidas? Responda este e-mail ou escreva para {supportEmail}.',
  signature: 'Obrigado,',
} as const;
