import type { AffiliateFormMessages } from '../shared/affiliates.ts';

export const affiliateFormMessages = {
  nameRequired: 'Informe seu nome completo.',
  emailInvalid: 'Informe um e-mail válido.',
  documentInvalid: 'CPF ou CNPJ inválido.',
  pixKeyInvalid: 'Chave PIX inválida: use CPF, CNPJ, e-mail, celular com DDD ou chave aleatória.',
  promotesRequired: 'Conte onde você vai divulgar (grupo, perfil, canal).',
  requestInvalid: 'Os dados chegaram incompletos. Recarregue a página e tente de novo.',
} as const satisfies AffiliateFormMessages;

/** The console's "Afiliados" (docs/affiliates.md). */
export const affiliatesConsole = {
  tab: 'Afiliados',
  intro: 'Quem vende a lista por comissão. A comissão fica pendente até a garantia do item acabar sem contestação aberta.',
  loading: 'Carregando afiliados…',
  empty: 'Nenhum afiliado ainda. Cadastre o primeiro abaixo.',
  states: { pending: 'Pedido pendente', active: 'Ativo', paused: 'Pausado', removed: 'Removido' },
  columns: {
    name: 'Afiliado',
    state: 'Situação',
    sales: 'Vendas',
    pending: 'Pendente',
    available: 'Disponível',
    paid: 'Pago',
    debt: 'A descontar',
  },
  flagged: (count: number) =>
    count === 1
      ? '1 venda sem comissão (compra própria ou comprador bloqueado)'
      : `${count} vendas sem comissão (compra própria ou comprador bloqueado)`,
  code: 'Código do link',
  reason: 'Motivo',
  actions: { approve: 'Aprovar', refuse: 'Recusar', pause: 'Pausar', resume: 'Reativar', remove: 'Remover' },
  refusePrompt: 'Motivo da recusa (o afiliado verá este texto)',
  rates: {
    title: 'Comissões',
    defaults: 'Comissão padrão da loja',
    own: 'Comissão deste afiliado (vazio: a padrão)',
    main: 'Produto principal (%)',
    bump: 'Adicional no checkout (%)',
    addon: 'Oferta após o pagamento (%)',
    save: 'Salvar comissões',
    saved: 'Comissões salvas. Valem para as próximas vendas.',
  },
  invite: {
    title: 'Cadastrar afiliado',
    name: 'Nome completo',
    email: 'E-mail',
    document: 'CPF ou CNPJ',
    pixKey: 'Chave PIX',
    promotes: 'Onde vai divulgar',
    submit: 'Cadastrar',
    done: 'Afiliado cadastrado e ativo. Envie a ele o link com o código.',
  },
  api: {
    notFound: 'Afiliado não encontrado.',
    emailTaken: 'Já existe um afiliado com este e-mail.',
    notAllowed: 'Esta mudança de situação não é possível.',
    invalidRates: 'Informe cada comissão entre 0 e 100%.',
  },
} as const;

/** Payouts (docs/affiliates.md#payouts): the seller's lines in the console, the affiliate's PIX description. */
export const affiliatePayoutsCopy = {
  pixDescription: 'Repasse de comissões de afiliado',
  failures: {
    insufficientBalance: (amount: string) =>
      `Saldo insuficiente na conta para enviar ${amount}. A comissão continua disponível para o próximo repasse.`,
    invalidKey: 'O banco recusou a chave PIX do afiliado. Confira a chave com o afiliado; a comissão continua disponível.',
    refused: (detail: string) => `O provedor recusou o envio (${detail}). A comissão continua disponível para o próximo repasse.`,
    notDone: 'O PIX não foi concluído pelo banco. A comissão continua disponível para o próximo repasse.',
    keyChanged: 'A chave PIX do afiliado mudou depois da aprovação. O valor volta ao próximo lote, já com a chave nova.',
  },
  csv: {
    header: [
      'Repasse',
      'Aprovado em',
      'Afiliado',
      'Tipo de chave',
      'Chave PIX',
      'Valor (R$)',
      'Envio',
      'Situação',
      'Pago em',
      'E2E',
      'Motivo',
    ],
    monthHeader: ['Mês', 'Afiliado', 'Pago (R$)', 'Repasses'],
    keyType: { cpf: 'CPF', cnpj: 'CNPJ', email: 'E-mail', phone: 'Celular', evp: 'Chave aleatória' },
    byApi: 'Pelo provedor',
    byHand: 'No app do banco',
    state: {
      queued: 'Na fila',
      sending: 'Enviando',
      sent: 'Enviado, aguardando o banco',
      unknown: 'Conferindo com o provedor',
      confirmed: 'Pago',
      failed: 'Não enviado',
    },
  },
  console: {
    title: 'Repasses',
    next: (date: string) => `Próximo repasse: ${date}`,
    byApi: 'O provedor envia cada PIX pela API, com um identificador próprio: nada é pago duas vezes.',
    byHand: 'Nenhum provedor configurado envia PIX: pague cada linha no app do banco e toque em "Marcar como pago".',
    payable: 'Disponível para repassar agora',
    none: 'Nenhum afiliado com valor disponível acima do mínimo.',
    debt: (amount: string) => `descontado ${amount} de comissões estornadas`,
    total: (amount: string) => `Total do lote: ${amount}`,
    approve: (amount: string) => `Aprovar repasse de ${amount}`,
    confirmAgain: (amount: string) => `Confirmar de novo: enviar ${amount}`,
    aboveLimit: 'O total passa do seu limite: confirme mais uma vez.',
    approved: 'Lote aprovado. Os envios aparecem abaixo.',
    markPaid: 'Marcar como pago',
    history: 'Repasses feitos',
    months: 'Pago por afiliado e por mês',
    csv: 'Baixar CSV dos repasses',
    e2e: 'E2E',
    settings: {
      title: 'Agenda dos repasses',
      weekday: 'Dia da semana',
      weekdays: ['Domingo', 'Segunda-feira', 'Terça-feira', 'Quarta-feira', 'Quinta-feira', 'Sexta-feira', 'Sábado'],
      min: 'Valor mínimo por afiliado (R$)',
      limit: 'Pedir segunda confirmação acima de (R$)',
      save: 'Salvar agenda',
      saved: 'Agenda salva.',
      invalid: 'Informe valores em reais, como 50,00.',
    },
  },
  api: {
    changed: 'O lote mudou desde que você o abriu. Confira o total e aprove de novo.',
    confirmAbove: (limit: string) => `O total passa de ${limit}: confirme o repasse mais uma vez.`,
    empty: 'Nenhum afiliado tem valor disponível acima do mínimo.',
    notFound: 'Repasse não encontrado.',
    notManual: 'Este repasse é enviado pelo provedor e não pode ser marcado à mão.',
  },
} as const;
