/**
 * The guarantee's refunds (docs/refunds.md), in the buyer's words: the reasons a buyer may pick,
 * the API's answers and the pages (the e-mails' words are in emails.ts). The member page, the order
 * page and the console label the same reasons from here.
 */
import type { RefundReason } from '../shared/refunds.ts';
import { disputeRefundGuard } from './disputes.ts';

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
  markNotPaid: 'Só pedidos pagos podem ser marcados como reembolsados.',
  inProgress: 'O reembolso deste pedido já está em andamento.',
  notRequested: 'Não há pedido de reembolso aguardando resposta neste pedido.',
  /** Trying the gateway again after a call whose refund was never seen (the console shows it as a warning too). */
  checkGatewayFirst:
    'Antes de tentar de novo, confira no painel do gateway se o reembolso já foi feito: tentar de novo pode devolver duas vezes.',
  /** "Marcar como reembolsado" on an order that is not (or no longer) paid. */
  /** "Marcar como reembolsado" while the gateway is returning the money: a refund by hand would pay twice. */
  markWhileAtGateway: 'O reembolso deste pedido já está em andamento no gateway. Aguarde a confirmação antes de marcar como reembolsado.',
  declineReason: 'Escreva o motivo, de 5 a 500 caracteres: o comprador recebe este texto por e-mail.',
  badFormat: 'Formato inválido: use pdf ou html.',
};

/** Why a refund at the gateway stopped, as the console shows it beside the steps to refund by hand. */
export const refundGateway = {
  noTransaction: 'Este pedido não tem transação no gateway: reembolse à mão.',
  providerGone: 'O provedor de PIX deste pedido não está mais configurado (PAYMENT_PROVIDERS): reembolse à mão no painel dele.',
  notSeen:
    'O reembolso foi pedido ao gateway, mas a transação continua paga depois de 30 minutos (o pedido pode não ter chegado). Confira no painel do gateway antes de tentar de novo.',
  notPaid: (status: string) => `A transação não está paga no gateway (status: ${status}). Confira no painel do gateway.`,
  /** The provider took the refund, then said it did not go through. */
  refundFailed: (status: string) =>
    `O provedor não concluiu o reembolso (status: ${status}). Confira no painel dele e reembolse à mão se preciso.`,
};

/**
 * The guarantee as the buyer's pages show it: the member page's card and the order page's block
 * (one component for both), and the dialog that sends the request. Dates arrive formatted
 * (dd/mm/aaaa, or dd/mm for the day of a request).
 */
export const refundPage = {
  heading: (days: number) => `Garantia de ${days} dias`,
  // A no-break space before each dash here: on a phone these lines wrap, and a line must not start with "—".
  headingUntil: (days: number, endsAt: string) => `Garantia de ${days} dias\u00a0— até ${endsAt}`,
  open: 'Se a lista não for para você, peça o reembolso até essa data. Devolvemos o valor pelo PIX, para a mesma conta que pagou.',
  request: 'Pedir reembolso',
  /** The order page without the e-mailed key: the request is made from the e-mail's link. */
  needsEmailLink: refundApi.needsContactKey,
  requested: (date: string) =>
    `Pedido de reembolso recebido em ${date}\u00a0— você receberá um e-mail quando o valor for devolvido pelo PIX. Até lá, o seu acesso continua ativo.`,
  approved:
    'Reembolso aprovado: o valor volta pelo PIX, para a mesma conta que pagou. Você receberá um e-mail quando ele for devolvido; então o acesso à lista é encerrado.',
  declinedTitle: 'Pedido de reembolso não aprovado',
  declined: (date: string) => `Analisamos o seu pedido de ${date} e não pudemos aprová-lo. O seu acesso continua ativo.`,
  declineReason: 'Motivo',
  refunded: 'Reembolso feito: o valor foi devolvido pelo PIX, para a mesma conta que pagou.',
  closed: (days: number, endsAt: string) => `A garantia de ${days} dias terminou em ${endsAt}.`,
  /** While a contestação is open: what "Pedir reembolso" would answer, said before any tap (docs/disputes.md#never-twice). */
  disputed: disputeRefundGuard.buyerAnswer,
  /** Each item of a purchase of several, as it stands: refunds are per item. */
  itemsLabel: 'Itens da compra',
  item: {
    open: (endsAt: string) => `garantia até ${endsAt}`,
    closed: 'garantia encerrada',
    refund_requested: 'reembolso pedido',
    refunding: 'reembolso aprovado, a caminho',
    owed: 'valor sendo devolvido',
    awaiting: 'pago; liberado quando o PIX do pedido principal for pago',
    refunded: 'reembolsado',
    revoked: 'acesso encerrado',
    /** A contestation at the buyer's bank returned the money (docs/disputes.md): not a refund the seller made. */
    med_returned: 'devolvido pelo MED',
  },
  /** Followed by the support address as a mailto link. */
  help: 'Precisa de ajuda? Escreva para',
  /** The member page's small link to the card, near the top. */
  jumpOpen: (days: number, endsAt: string) => `Garantia de ${days} dias: reembolso até ${endsAt}`,
  jumpRequest: 'Seu pedido de reembolso',
  dialog: {
    title: 'Pedir reembolso',
    description: 'Devolvemos o valor pelo PIX, para a mesma conta que pagou. Quando o reembolso for feito, o acesso à lista é encerrado.',
    reasonLegend: 'Por que você quer o reembolso? (opcional)',
    noteLabel: 'Quer contar mais? (opcional)',
    notePlaceholder: 'Escreva aqui, se quiser',
    /** Read out as "120 de 500 caracteres". */
    counter: (used: number, max: number) => `${used} de ${max} caracteres`,
    confirm: 'Confirmar pedido de reembolso',
    sending: 'Enviando…',
    cancel: 'Voltar',
    close: 'Fechar',
    network: 'Sem conexão. Verifique sua internet e tente novamente.',
  },
} as const;
