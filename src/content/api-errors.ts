/** The API's own error messages, shown to visitors as they are (pt-BR), for every route. */
export const apiErrors = {
  invalidRequest: 'Requisição inválida.',
  internal: 'Algo deu errado do nosso lado. Tente novamente em instantes.',
  notFound: 'Recurso não encontrado.',
  tooLarge: 'Dados grandes demais.',
  checkFields: 'Confira os campos destacados.',
  orderNotFound: 'Pedido não encontrado.',
  eventTooLarge: 'Evento grande demais.',
  invalidEvent: 'Evento inválido.',
  tooManyRequests: 'Muitas requisições. Tente novamente em instantes.',
  /** A name or a note with control or bidi-override characters (shared/text.ts `hasHiddenCharacters`). */
  hiddenCharacters: 'O texto tem caracteres invisíveis ou de controle. Apague-os e tente de novo.',
  /** A provider's webhook whose signature or secret failed: what its panel shows the seller. */
  webhookRejected: 'Assinatura do aviso inválida: confira o segredo do webhook.',
} as const;

/** After a reply that leaves the refund's outcome open. */
const REFUND_MAY_HAVE_HAPPENED = 'O reembolso pode ter sido feito: a transação é conferida antes de qualquer nova tentativa.';
const detailSuffix = (detail: string | null) => (detail ? `: ${detail}` : '');

/**
 * Why a refund through the gateway did not go as asked, shown in the seller's console. `detail` is
 * the gateway's own message, already cleaned and cut short (gateway/errors.ts).
 */
export const gatewayRefundErrors = {
  refused: (status: number, detail: string | null) => `O gateway recusou o reembolso (HTTP ${status})${detailSuffix(detail)}.`,
  notSent: 'Não foi possível falar com o gateway: o reembolso não foi pedido.',
  noAnswer: `O gateway não deu resposta (tempo esgotado ou conexão perdida). ${REFUND_MAY_HAVE_HAPPENED}`,
  serverError: (status: number, detail: string | null) =>
    `O gateway respondeu com erro (HTTP ${status})${detailSuffix(detail)}. ${REFUND_MAY_HAVE_HAPPENED}`,
  unreadable: `O gateway aceitou o pedido, mas a resposta não pôde ser lida. ${REFUND_MAY_HAVE_HAPPENED}`,
} as const;
