/**
 * What the PIX provider adapters (server/gateway/providers/) may show in pt-BR: to the seller's
 * console (refunds, Saúde) and, through `GatewayError`, to a buyer. One self-contained section per
 * provider.
 */

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
} as const;
