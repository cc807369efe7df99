/** "Pagar no app do banco" (docs/payments.md#open-finance): the API's answers, pt-BR. */
export const openFinanceApi = {
  unavailable: 'Pagamento pelo app do banco indisponível. Use o código PIX.',
  notPayable: 'Este pedido não está mais aguardando pagamento.',
  noCpf: 'Para pagar pelo app do banco, o pedido precisa do seu CPF. Use o código PIX.',
  failed: 'Não foi possível abrir o seu banco agora. Use o código PIX ou tente de novo.',
} as const;
