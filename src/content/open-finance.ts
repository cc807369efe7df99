/** "Pagar no app do banco" (docs/payments.md#open-finance): the API's answers, pt-BR. */
export const openFinanceApi = {
  unavailable: 'Pagamento pelo app do banco indisponível. Use o código PIX.',
  notPayable: 'Este pedido não está mais aguardando pagamento.',
  noCpf: 'Para pagar pelo app do banco, o pedido precisa do seu CPF. Use o código PIX.',
  failed: 'Não foi possível abrir o seu banco agora. Use o código PIX ou tente de novo.',
  unknownBank: 'Este banco não está na lista do pagamento pelo app do banco. Escolha outro ou use o código PIX.',
  /** The checkout's hourly budget is spent: the true wait, and the code that pays now. */
  tooManyTries: (minutes: number) =>
    `Muitas tentativas de pagar pelo app do banco. Você pode tentar de novo em ${minutes === 1 ? '1 minuto' : `${minutes} minutos`}. Enquanto isso, o código PIX deste pedido continua valendo: copie e pague no app do seu banco.`,
} as const;

/** "Pagar no app do banco" in the PIX panel: the button, the bank list and the way back from the bank. */
export const openFinance = {
  button: 'Pagar no app do banco',
  buttonHint: 'Sem copiar código: o app do seu banco abre com o pagamento pronto para confirmar.',
  /** On a phone, between the bank button (first) and the PIX code. */
  orCode: 'ou pague com o código PIX',
  title: 'Escolha o seu banco',
  search: 'Buscar banco',
  searchPlaceholder: 'Digite o nome do banco',
  loading: 'Carregando bancos…',
  loadFailed: 'Não foi possível carregar a lista de bancos. Use o código PIX.',
  empty: 'Nenhum banco com esse nome. Se o seu não aparece, pague com o código PIX.',
  lastUsed: 'Último usado',
  /** Nothing is written on the device until the buyer ticks this (and it is erased when they untick it). */
  remember: {
    label: 'Lembrar meu banco neste aparelho',
    hint: 'Opcional. Guardamos só qual banco você escolheu, apenas neste aparelho, para mostrá-lo primeiro da próxima vez. Desmarque para apagar.',
  },
  opening: (bank: string) => `Abrindo ${bank}…`,
  /** Mercado Pago's Open Finance mode: its own page asks for the bank. */
  openingProvider: 'Abrindo o Mercado Pago para você escolher o seu banco…',
  providerFailed: 'Não foi possível abrir o pagamento pelo app do banco agora. Use o código PIX ou tente de novo.',
  back: 'Voltar para o código PIX',
  notListed: 'Seu banco não está na lista? Pague com o código PIX: ele continua valendo.',
  returned: {
    refused: 'O pagamento no app do banco não foi concluído e nada foi cobrado. O código PIX abaixo continua valendo.',
    pending: 'Você voltou do banco: estamos confirmando o pagamento. Esta página atualiza sozinha.',
  },
} as const;
