/** What the seller's console and the buyer see about each PIX provider (pt-BR), one section per provider. */

/**
 * Each provider's name as the console shows it (Saúde, Pedidos, the orders CSV), by the id of its descriptor
 * (server/gateway/provider-registry.ts): a provider without its entry here does not compile.
 */
export const providerNames = {
  tribopay: 'TriboPay',
  mercadopago: 'Mercado Pago',
  efi: 'Efí',
  abacatepay: 'AbacatePay',
  woovi: 'Woovi',
} as const satisfies Readonly<Record<string, string>>;

/** `sandbox`: the demo, whose provider charges against the test gateway this server mounts at /sandbox. */
export function providerName(id: string, options: { sandbox: boolean }): string {
  const name = (providerNames as Readonly<Record<string, string>>)[id] ?? id;
  return options.sandbox ? `${name} (sandbox)` : name;
}

/** AbacatePay (gateway/providers/abacatepay/). */
export const abacatepayCopy = {
  /** A read of the charge that failed (the seller's console and logs), named as the read, not as the create. */
  readFailed: 'Não foi possível consultar a cobrança na AbacatePay.',
  readFailedHttp: (status: number) => `A AbacatePay não mostrou a cobrança (HTTP ${status}).`,
  /** A partial refund asked of a provider that only refunds whole payments. */
  partialRefund: 'A AbacatePay só reembolsa o valor total do pagamento: o reembolso parcial não foi pedido.',
  /** The provider's refund error codes (docs: transparents/refund), for the seller's console. */
  refundCodes: {
    LOCK_NOT_ACQUIRED: 'outra operação está em andamento na sua conta AbacatePay; tente de novo em instantes',
    TRANSACTION_NOT_FOUND: 'a AbacatePay não encontrou esta cobrança',
    TRANSACTION_NOT_REFUNDABLE: 'a cobrança não está paga, ou já foi reembolsada',
    TRANSACTION_UNDER_DISPUTE: 'o pagamento está em disputa (MED) e não pode ser reembolsado agora',
    INVALID_METHOD: 'este tipo de cobrança não pode ser reembolsado pela API',
    INSUFFICIENT_FUNDS: 'o saldo da sua conta AbacatePay é menor que o valor do reembolso',
    STORE_NOT_FOUND: 'a loja desta chave de API não foi encontrada',
    REFUND_REQUEST_FAILED: 'a AbacatePay falhou ao pedir o reembolso',
    REFUND_CONFIRMATION_FAILED: 'a AbacatePay criou o reembolso mas não conseguiu confirmá-lo',
  } as Readonly<Record<string, string>>,
  /** `simulatePayment` outside dev mode, or refused. */
  simulateRefused: (detail: string | null) =>
    `A AbacatePay recusou simular o pagamento${detail ? `: ${detail}` : ''}. A simulação só funciona com uma chave de API do modo de desenvolvimento.`,
  simulateFailed: 'Não foi possível falar com a AbacatePay para simular o pagamento. Tente de novo.',
} as const;

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
  /** The payment search (by our key, after a create whose answer was lost) and the cancel, each named as itself. */
  searchFailed: 'Não foi possível buscar o pagamento no Mercado Pago.',
  searchFailedHttp: (status: number) => `O Mercado Pago não respondeu à busca do pagamento (HTTP ${status}).`,
  cancelFailed: 'Não foi possível cancelar o pagamento no Mercado Pago.',
  cancelFailedHttp: (status: number) => `O Mercado Pago não cancelou o pagamento (HTTP ${status}).`,
  refundReadFailed: 'Não foi possível consultar o reembolso no Mercado Pago.',
  /** The seller's console, after a refund that did not go as asked; `detail` is Mercado Pago's own message, cleaned. */
  refundRefused: (status: number, detail: string | null) =>
    `O Mercado Pago recusou o reembolso (HTTP ${status})${detail ? `: ${detail}` : ''}.`,
  refundNotSent: 'Não foi possível falar com o Mercado Pago: o reembolso não foi pedido.',
  refundNoAnswer: `O Mercado Pago não deu resposta (tempo esgotado ou conexão perdida). ${MERCADOPAGO_REFUND_MAY_HAVE_HAPPENED}`,
  refundServerError: (status: number) => `O Mercado Pago respondeu com erro (HTTP ${status}). ${MERCADOPAGO_REFUND_MAY_HAVE_HAPPENED}`,
  refundUnreadable: `O Mercado Pago aceitou o pedido, mas a resposta não pôde ser lida. ${MERCADOPAGO_REFUND_MAY_HAVE_HAPPENED}`,
} as const;

/** Efí (API Pix do Banco Central, gateway/providers/efi/). */
export const efiCopy = {
  certificateRefused:
    'A Efí recusou o certificado do vendedor (mTLS). Confira EFI_CERTIFICATE: deve ser o certificado .p12 ou .pem do mesmo ambiente (produção ou homologação) das credenciais.',
  certificateUnreadable: 'O certificado da Efí (EFI_CERTIFICATE) não pôde ser lido. Confira o caminho e o formato (.p12 ou .pem).',
  credentialsRefused: 'A Efí recusou as credenciais (EFI_CLIENT_ID e EFI_CLIENT_SECRET).',
  tokenUnavailable: 'Não foi possível obter o acesso à API Pix da Efí (token OAuth).',
  serverError: (status: number) => `A Efí respondeu com erro (HTTP ${status}).`,
  refused: (status: number, detail: string | null) => `A Efí recusou o pedido (HTTP ${status})${detail ? `: ${detail}` : ''}.`,
  noAnswer: 'A Efí não deu resposta (tempo esgotado ou conexão perdida).',
  unreadable: 'A resposta da Efí não pôde ser lida.',
  refundMayHaveHappened: 'A devolução pode ter sido feita: ela é conferida na Efí antes de qualquer nova tentativa.',
  noPaymentToRefund: 'Esta cobrança Efí não tem um Pix pago para devolver.',
  refundNotFound: 'A Efí não encontrou esta devolução: ela não foi pedida.',
  /** The MED infractions (docs/disputes.md): each names the call, so the seller knows which one failed. */
  infractionsListFailed: (reason: string) => `A Efí não listou as infrações MED: ${reason}`,
  defenceFailed: (reason: string) => `A Efí não recebeu a defesa da infração MED: ${reason}`,
  /** 403 `insufficient_scope`: the application lacks the scope in Efí's panel. */
  missingScope: (scope: string) => `A aplicação na Efí não tem o escopo ${scope}: habilite-o em API > Aplicações no painel da Efí.`,
} as const;

/** REFUND_MAY_HAVE_HAPPENED (api-errors.ts), naming where the seller can look. */
const WOOVI_REFUND_MAY_HAVE_HAPPENED = 'O reembolso pode ter sido feito: confira a cobrança no painel da Woovi antes de pedir de novo.';

/** Woovi, formerly OpenPix (gateway/providers/woovi/). */
export const wooviCopy = {
  /** The seller's console and logs, when a read failed: each names its call (`calls`), so the seller knows which one. */
  readFailed: (what: string) => `Não foi possível consultar ${what} na Woovi.`,
  readFailedHttp: (what: string, status: number) => `A Woovi não mostrou ${what} (HTTP ${status}).`,
  calls: {
    charge: 'a cobrança',
    refunds: 'os reembolsos da cobrança',
    transactions: 'as transações da cobrança',
    transaction: 'a transação do pagamento',
  },
  cancelFailed: 'Não foi possível cancelar a cobrança na Woovi.',
  cancelFailedHttp: (status: number) => `A Woovi não cancelou a cobrança (HTTP ${status}).`,
  /** A read was refused for the AppID itself: the seller's setting, not the charge. */
  appIdRefused: 'A Woovi recusou o AppID (WOOVI_APP_ID): confira a chave em API/Plugins no painel da Woovi.',
  refundReadFailed: 'Não foi possível consultar o reembolso na Woovi.',
  refundNotFound: 'A Woovi não encontrou este reembolso: ele não foi pedido.',
  /** The seller's console, after a refund that did not go as asked; `detail` is Woovi's own message, cleaned. */
  refundRefused: (status: number, detail: string | null) => `A Woovi recusou o reembolso (HTTP ${status})${detail ? `: ${detail}` : ''}.`,
  refundNotSent: 'Não foi possível falar com a Woovi: o reembolso não foi pedido.',
  refundNoAnswer: `A Woovi não deu resposta (tempo esgotado ou conexão perdida). ${WOOVI_REFUND_MAY_HAVE_HAPPENED}`,
  refundServerError: (status: number) => `A Woovi respondeu com erro (HTTP ${status}). ${WOOVI_REFUND_MAY_HAVE_HAPPENED}`,
  refundUnreadable: `A Woovi aceitou o pedido, mas a resposta não pôde ser lida. ${WOOVI_REFUND_MAY_HAVE_HAPPENED}`,
  /** What the refund says to the buyer's bank (Woovi's `comment`, at most 140 characters). */
  refundComment: 'Reembolso da compra',
  /** The dispute calls (docs/disputes.md), each naming the call that failed. */
  disputeReadFailed: 'Não foi possível consultar a contestação na Woovi.',
  disputeReadFailedHttp: (status: number) => `A Woovi não mostrou a contestação (HTTP ${status}).`,
  /** The dispute list, polled (docs/disputes.md#loud): Saúde and "Verificar contestações agora" show these as they are. */
  disputeListNoAnswer: 'A Woovi não deu resposta à lista de contestações (tempo esgotado ou conexão perdida).',
  disputeListFailedHttp: (status: number, detail: string | null) =>
    `A Woovi não mostrou a lista de contestações (HTTP ${status})${detail ? `: ${detail}` : ''}.`,
  disputeListUnreadable: 'A lista de contestações da Woovi não pôde ser lida.',
  /** Woovi's 403 "Application does not have required scope": the seller's application, not Woovi. */
  missingScope: (scope: string) =>
    `A aplicação da Woovi (WOOVI_APP_ID) não tem o escopo ${scope}, e a lista de contestações foi recusada: habilite-o nessa aplicação em API/Plugins no painel da Woovi.`,
  evidenceNeedsUrl: 'A Woovi recebe a defesa como um documento num endereço público, e nenhum foi dado: a defesa não foi enviada.',
  evidenceRefused: (status: number, detail: string | null) =>
    `A Woovi recusou a evidência da contestação (HTTP ${status})${detail ? `: ${detail}` : ''}.`,
  evidenceNoAnswer: 'A Woovi não deu resposta ao envio da evidência (tempo esgotado ou conexão perdida).',
} as const;
