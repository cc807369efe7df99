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
    charges: 'PIX gerados',
    conversion: 'Conversão',
    revenue: 'Faturamento',
    refundRate: 'Devoluções',
  },
  /** The seller's money after the commissions, since the first sale. */
  totals: {
    title: 'Seu faturamento, descontadas as comissões',
    revenue: 'Faturamento da loja',
    commissions: 'Comissões (pendentes, disponíveis e pagas)',
    net: 'Fica com você',
  },
  burst: (count: number) =>
    `${count} PIX gerados por este link na última hora e não pagos. Pode ser um robô ou um anúncio com problema: confira antes de pagar comissões.`,
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
