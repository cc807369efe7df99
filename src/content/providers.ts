/**
 * What buyers and sellers read about each PIX provider (issue 44). One self-contained section per
 * provider; the buyer's messages keep the catalogue's wording (docs/product.md#error-messages-shown-to-buyers).
 */

/** REFUND_MAY_HAVE_HAPPENED (api-errors.ts), naming where the seller can look. */
const MERCADOPAGO_REFUND_MAY_HAVE_HAPPENED =
  'O reembolso pode ter sido feito: confira o pagamento no painel do Mercado Pago antes de pedir de novo.';

export const mercadopagoCopy = {
  /** The buyer's checkout, when the PIX could not be created. */
  chargeFailed: 'Erro ao processar pagamento',
  chargeFailedHttp: (status: number) => `Erro ao processar pagamento: ${status}`,
  /** The seller's console, when a payment could not be read back. */
  readFailed: 'Não foi possível consultar o pagamento no Mercado Pago.',
  readFailedHttp: (status: number) => `O Mercado Pago não mostrou o pagamento (HTTP ${status}).`,
  refundReadFailed: 'Não foi possível consultar o reembolso no Mercado Pago.',
  /** The seller's console, after a refund that did not go as asked; `detail` is Mercado Pago's own message, cleaned. */
  refundRefused: (status: number, detail: string | null) =>
    `O Mercado Pago recusou o reembolso (HTTP ${status})${detail ? `: ${detail}` : ''}.`,
  refundNotSent: 'Não foi possível falar com o Mercado Pago: o reembolso não foi pedido.',
  refundNoAnswer: `O Mercado Pago não deu resposta (tempo esgotado ou conexão perdida). ${MERCADOPAGO_REFUND_MAY_HAVE_HAPPENED}`,
  refundServerError: (status: number) => `O Mercado Pago respondeu com erro (HTTP ${status}). ${MERCADOPAGO_REFUND_MAY_HAVE_HAPPENED}`,
  refundUnreadable: `O Mercado Pago aceitou o pedido, mas a resposta não pôde ser lida. ${MERCADOPAGO_REFUND_MAY_HAVE_HAPPENED}`,
} as const;
