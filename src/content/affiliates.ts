import type { AffiliateFormMessages, AffiliateRequestMessages } from '../shared/affiliates.ts';

export const affiliateFormMessages = {
  nameRequired: 'Informe seu nome completo.',
  emailInvalid: 'Informe um e-mail válido.',
  documentInvalid: 'CPF ou CNPJ inválido.',
  pixKeyInvalid: 'Chave PIX inválida: use CPF, CNPJ, e-mail, celular com DDD ou chave aleatória.',
  promotesRequired: 'Conte onde você vai divulgar (grupo, perfil, canal).',
  requestInvalid: 'Os dados chegaram incompletos. Recarregue a página e tente de novo.',
} as const satisfies AffiliateFormMessages;

export const affiliateRequestMessages = {
  ...affiliateFormMessages,
  termsRequired: 'Para enviar o pedido, aceite os termos do programa de afiliados.',
} as const satisfies AffiliateRequestMessages;

/**
 * The terms shown at /afiliados and on the affiliate's page; the version is stored with each acceptance, so a change
 * of wording is a new version (docs/affiliates.md#the-affiliates-page).
 */
export const affiliateTerms = {
  version: '2026-11',
  title: 'Termos do programa de afiliados',
  items: [
    'Você divulga a lista como prestador de serviço independente: não há vínculo de emprego, e declarar a sua renda é responsabilidade sua.',
    'A comissão é um percentual do que o comprador pagou por item (produto, adicional e oferta após o pagamento). Ela fica pendente até o fim da garantia, sem contestação aberta, e então fica disponível.',
    'Reembolso, devolução pelo MED ou estorno cancelam ou reduzem a comissão daquele item. Se já tiver sido paga, a diferença é descontada dos próximos pagamentos.',
    'Compra feita por você mesmo (mesmo CPF, e-mail ou chave PIX) não gera comissão.',
    'Não prometa o que a página de venda não promete, não envie spam e não use o nome da loja em anúncios sem autorização.',
    'O pagamento é feito por PIX na chave que você informou. Trocar a chave pede confirmação por e-mail e segura os pagamentos por 24 horas.',
    'O vendedor pode pausar ou remover quem descumprir estes termos.',
  ],
} as const;

/** `/afiliados`: the public request to join (docs/affiliates.md#joining). */
export const affiliatesPage = {
  meta: {
    title: 'Seja afiliado',
    description: 'Divulgue a Lista de Fornecedores Secretos e ganhe comissão por PIX a cada venda.',
  },
  eyebrow: 'Programa de afiliados',
  headline: 'Divulgue a lista e ganhe comissão por PIX',
  intro: 'Você recebe um link seu. Cada venda feita por ele rende comissão, que fica disponível quando a garantia do comprador acaba.',
  steps: [
    'Preencha o pedido abaixo. O vendedor analisa e responde por e-mail.',
    'Aprovado, você entra na sua página de afiliado com um link enviado ao seu e-mail, sem senha.',
    'Compartilhe seu link no seu grupo, perfil ou canal e acompanhe suas vendas.',
  ],
  formTitle: 'Pedir para ser afiliado',
  fields: {
    name: 'Nome completo',
    email: 'E-mail',
    document: 'CPF ou CNPJ',
    pixKey: 'Chave PIX para receber',
    promotes: 'Onde você vai divulgar',
  },
  placeholders: {
    name: 'Como no seu documento',
    email: 'voce@email.com',
    document: 'Só números',
    pixKey: 'CPF, e-mail, celular ou aleatória',
    promotes: 'Ex.: grupo de WhatsApp com 300 pessoas, perfil @loja no Instagram',
  },
  acceptTerms: 'Li e aceito os termos do programa de afiliados.',
  submit: 'Enviar pedido',
  sending: 'Enviando…',
  sent: {
    title: 'Pedido recebido',
    text: 'Se estiver tudo certo, você recebe a resposta do vendedor no e-mail informado. Confira também a caixa de spam.',
  },
  network: 'Não foi possível enviar agora. Verifique sua conexão e tente de novo.',
  signInLine: 'Já é afiliado?',
  signInLink: 'Entrar na sua página',
} as const;

/** `/afiliado`: the affiliate's own page (docs/affiliates.md#the-affiliates-page). */
export const affiliatePage = {
  meta: { title: 'Sua página de afiliado', description: 'Seus links, suas vendas e suas comissões.' },
  loading: 'Carregando sua página…',
  loadError: 'Não foi possível carregar sua página agora.',
  retry: 'Tentar de novo',
  signIn: {
    title: 'Entrar na página de afiliado',
    text: 'Informe o e-mail do seu cadastro. Enviamos um link de acesso, sem senha, que vale por 30 minutos e funciona uma vez.',
    invalidLink: 'Este link não vale mais: ele já foi usado ou expirou. Peça um novo abaixo.',
    email: 'Seu e-mail',
    submit: 'Receber link de acesso',
    sending: 'Enviando…',
    sent: 'Se este e-mail for de um afiliado ativo, o link chega em instantes. Confira também a caixa de spam.',
    network: 'Não foi possível enviar agora. Verifique sua conexão e tente de novo.',
    joinLine: 'Ainda não é afiliado?',
    joinLink: 'Peça para participar',
  },
  greeting: (firstName: string) => `Olá, ${firstName}`,
  paused: 'Sua conta está pausada pelo vendedor: seus links não geram comissão por enquanto.',
  pixConfirmed: 'Nova chave PIX confirmada. Os pagamentos ficam retidos por 24 horas, por segurança.',
  links: {
    title: 'Seus links',
    presell: 'Página de apresentação',
    landing: 'Página de venda',
    copy: 'Copiar',
    copied: 'Copiado!',
    utmNote:
      'Você pode acrescentar parâmetros utm_* (por exemplo &utm_source=instagram) para medir suas campanhas. Seu código continua valendo.',
  },
  totals: { title: 'Suas comissões', pending: 'Pendente', available: 'Disponível', paid: 'Pago', debt: 'A descontar' },
  totalsNote: 'A comissão fica pendente até o fim da garantia do comprador, sem contestação aberta.',
  nextPayout: (day: string, minimum: string) =>
    `Próximo repasse previsto: ${day}, por PIX, se o disponível somar pelo menos ${minimum}. O vendedor aprova cada repasse.`,
  sales: {
    title: 'Suas vendas',
    empty: 'Nenhuma venda ainda. Compartilhe seu link para começar.',
    date: 'Data',
    sale: 'Venda',
    commission: 'Comissão',
    state: 'Situação',
    states: { pendente: 'pendente', disponivel: 'disponível', paga: 'paga', cancelada: 'cancelada' },
  },
  pix: {
    title: 'Sua chave PIX',
    types: { cpf: 'CPF', cnpj: 'CNPJ', email: 'E-mail', phone: 'Celular', evp: 'Chave aleatória' },
    change: 'Trocar chave PIX',
    newKey: 'Nova chave PIX',
    hint: 'CPF, CNPJ, e-mail, celular com DDD ou chave aleatória.',
    submit: 'Enviar confirmação por e-mail',
    cancel: 'Cancelar',
    sent: 'Enviamos um link de confirmação ao seu e-mail. A nova chave vale depois que você abrir o link.',
    pending: 'Há uma troca de chave esperando a confirmação pelo link enviado ao seu e-mail.',
    held: (until: string) => `Pagamentos retidos até ${until}, por causa da troca de chave.`,
  },
  terms: {
    title: 'Termos aceitos',
    titleNotYet: 'Termos do programa',
    accepted: (version: string, date: string) => `Versão ${version}, aceita em ${date}.`,
    notYet: 'Você ainda não aceitou os termos do programa.',
    accept: 'Li e aceito os termos',
  },
  signOut: 'Sair',
  api: {
    signedOut: 'Entre com o link enviado ao seu e-mail.',
    emailInvalid: 'Informe um e-mail válido.',
    tooManyRequests: 'Muitos pedidos em pouco tempo. Tente de novo mais tarde.',
    tooLarge: 'Os dados enviados são grandes demais.',
    termsOutdated: 'Os termos mudaram. Recarregue a página e leia a versão atual.',
    foreignOrigin: 'Pedido de outra origem recusado.',
  },
} as const;

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
  /** The dialogs of "Recusar" (a request from /afiliados, answered by e-mail) and "Remover" (an affiliate). */
  decide: {
    refuse: {
      title: (name: string) => `Recusar o pedido de ${name}?`,
      body: 'A pessoa recebe um e-mail dizendo que o pedido não foi aprovado, com o motivo que você escrever.',
      field: 'Motivo da recusa',
      hint: 'Vai no e-mail para a pessoa. Seja claro e educado.',
      required: 'Escreva o motivo da recusa: ele vai no e-mail para a pessoa.',
    },
    remove: {
      title: (name: string) => `Remover ${name}?`,
      body: 'O link deixa de atribuir vendas e a página do afiliado é encerrada. Não dá para desfazer.',
      field: 'Motivo da remoção',
      hint: 'Fica registrado no cartão do afiliado.',
      required: 'Escreva o motivo da remoção.',
    },
  },
  terms: (version: string, date: string) => `Termos aceitos: versão ${version}, em ${date}`,
  termsNotYet: 'Termos ainda não aceitos',
  held: (until: string) => `Pagamentos retidos até ${until} (troca de chave PIX)`,
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
    done: 'Afiliado cadastrado e ativo. Enviamos a ele um convite por e-mail com o acesso à página de afiliado.',
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
      placeholder: 'ex. 50,00',
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
