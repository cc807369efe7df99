/**
 * The dispute evidence document (the console's "Baixar comprovante", as HTML or PDF): a plain
 * statement, for a MED claim at the buyer's bank or a Procon complaint, that the product was
 * delivered and used, and how each refund request was answered. The keys of `events` are the
 * server's EvidenceEventKind (src/server/evidence/evidence.ts).
 */
export const evidenceDocument = {
  title: 'Comprovante de entrega e atendimento',
  intro:
    'Este documento reúne os registros do sistema de vendas sobre um pedido: a compra, o pagamento por PIX, a entrega do produto digital, o uso do acesso pelo comprador e cada pedido de reembolso com a sua decisão.',
  reference: (reference: string) => `Pedido ${reference}`,
  sections: {
    seller: 'Vendedor',
    order: 'Pedido e pagamento',
    buyer: 'Comprador',
    guarantee: 'Garantia',
    purchase: 'Compra completa',
    summary: 'Entrega e uso do acesso',
    events: 'Registros do pedido',
    meanings: 'O que cada registro significa',
  },
  seller: {
    name: 'Nome ou razão social',
    document: 'CPF ou CNPJ',
    address: 'Endereço',
    supportEmail: 'E-mail de atendimento',
    siteUrl: 'Site',
  },
  order: {
    product: 'Produto',
    reference: 'Número do pedido',
    id: 'Identificador interno',
    createdAt: 'Pedido feito em',
    paidAt: 'Pagamento confirmado em',
    amount: 'Valor pago',
    method: 'Forma de pagamento',
    methodValue: 'PIX',
    transaction: 'Transação no intermediador de pagamento',
    status: 'Situação atual',
    /** The version of the sales page (its names and prices) the order was placed under. */
    pageVersion: 'Versão da página de vendas',
    pageVersionValue: (number: number) => (number === 0 ? 'conteúdo original' : `versão ${number}`),
  },
  buyer: { name: 'Nome', email: 'E-mail', phone: 'Telefone', document: 'CPF' },
  /** The order and its add-on (paid in a PIX of its own): the purchase's money in one place. */
  purchase: {
    charge: (n: number) => `PIX ${n}`,
    chargeValue: (amount: string, items: string, transaction: string) => `${amount} — ${items} — transação ${transaction}`,
    paid: 'Total pago',
    refunded: 'Total devolvido',
    owed: 'A devolver',
  },
  guarantee: {
    period: 'Prazo de arrependimento',
    periodValue: (days: number) => `${days} ${days === 1 ? 'dia' : 'dias'} a partir da confirmação do pagamento`,
    endsAt: 'Prazo termina em',
  },
  summary: {
    accessEmail: 'E-mail de acesso aceito em',
    opens: 'Aberturas da página de membro',
    opensValue: (count: number) => (count === 1 ? '1 abertura' : `${count} aberturas`),
    firstOpen: 'Primeira abertura',
    lastOpen: 'Última abertura',
  },
  table: { number: 'Nº', at: 'Data e hora', event: 'Registro', detail: 'Detalhe' },
  noEvents: 'Nenhum registro para este pedido.',
  none: 'Nenhum',
  notInformed: 'Não informado',
  notPaid: 'Não pago',
  timeZone: 'Datas e horas no horário de Brasília (America/Sao_Paulo).',
  generatedAt: (at: string) => `Documento gerado em ${at} (horário de Brasília), a partir dos registros do sistema de vendas.`,
  recording: 'Os registros são gravados automaticamente pelo sistema de vendas no momento em que cada fato acontece.',
  page: (page: number, total: number) => `Página ${page} de ${total}`,
  events: {
    order_created: {
      label: 'Pedido feito',
      meaning: 'O comprador preencheu o formulário de compra no site e o sistema gerou a cobrança PIX no valor do pedido.',
    },
    paid: {
      label: 'Pagamento PIX confirmado',
      meaning: 'O intermediador de pagamento informou que o PIX foi pago. Com isso, o acesso ao produto é liberado.',
    },
    access_email_accepted: {
      label: 'E-mail de acesso aceito pelo servidor de e-mail',
      meaning:
        'A mensagem com o link pessoal de acesso, enviada ao e-mail informado na compra, foi aceita pelo servidor de e-mail. O detalhe traz o identificador da mensagem (Message-ID).',
    },
    member_page_opened: {
      label: 'Página de membro aberta',
      meaning:
        'A página com o conteúdo comprado foi aberta pelo link pessoal de acesso, que só foi enviado ao e-mail do comprador. O detalhe, quando presente, distingue os aparelhos sem revelar o endereço IP.',
    },
    refund_requested: {
      label: 'Reembolso solicitado',
      meaning: 'Foi pedido o reembolso da compra. O detalhe traz o motivo informado, quando houver.',
    },
    refund_approved: {
      label: 'Reembolso aprovado',
      meaning: 'A devolução do valor pago foi aprovada, pelo vendedor ou pela regra automática da garantia.',
    },
    refund_declined: {
      label: 'Reembolso recusado',
      meaning: 'O vendedor não aprovou o pedido de reembolso. O detalhe traz o motivo, que foi enviado ao comprador por e-mail.',
    },
    refund_gateway: {
      label: 'Reembolso enviado ao intermediador de pagamento',
      meaning: 'A devolução foi pedida ao intermediador de pagamento, que a faz pelo PIX. O detalhe traz o identificador da transação.',
    },
    refunded: {
      label: 'Valor devolvido',
      meaning: 'O valor foi devolvido pelo PIX para a conta que fez o pagamento.',
    },
    access_revoked: {
      label: 'Acesso encerrado',
      meaning: 'O link de acesso deixou de abrir o conteúdo comprado.',
    },
  },
} as const;
