/**
 * The seller's console (/painel): every word it shows, and the messages its API answers with,
 * so the page and the server say the same.
 */

import type { EmailTimelineLabels, RefundTimelineEvent } from '../shared/admin.ts';
import { REFUND_ANSWER_DAYS } from '../shared/guarantee.ts';
import type { RefundOrigin, RefundStatus } from '../shared/refunds.ts';
import { formatCount } from '../shared/text.ts';
import { refundConsoleApi } from './refunds.ts';
import { medReturnedLabel } from './disputes.ts';

export const admin = {
  meta: { title: 'Painel do vendedor', description: 'Vendas, pedidos, fornecedores e saúde da sua Vitrine.' },
  title: 'Painel do vendedor',
  loading: 'Carregando…',
  disabled: {
    title: 'Painel desligado',
    body: 'Para ligar o painel, defina ADMIN_PASSWORD (com pelo menos 12 caracteres) nas configurações do servidor e reinicie.',
  },
  login: {
    title: 'Entrar no painel',
    password: 'Senha do painel',
    submit: 'Entrar',
    submitting: 'Entrando…',
    hint: 'Proprietário: a senha é o valor de ADMIN_PASSWORD (no modo de demonstração, ela aparece na linha de início do servidor). Usuários convidados: seu e-mail e sua senha.',
  },
  api: {
    signedOut: 'Sua sessão terminou. Entre de novo.',
    wrongPassword: (left: number) =>
      left > 0
        ? `Senha incorreta. ${left === 1 ? 'Resta 1 tentativa' : `Restam ${left} tentativas`} antes do bloqueio.`
        : 'Senha incorreta. O acesso deste endereço fica bloqueado por 15 minutos.',
    locked: (minutes: number) =>
      `Muitas tentativas erradas. Por segurança, o acesso deste endereço está bloqueado por ${formatCount(minutes, { one: 'minuto', other: 'minutos' })}.`,
    paused: (minutes: number) =>
      `O painel recebeu senhas erradas demais de vários endereços e pausou os logins por ${formatCount(minutes, { one: 'minuto', other: 'minutos' })}. Sessões já abertas continuam valendo.`,
    foreignOrigin: 'Pedido recusado: origem diferente do painel.',
    disabled: 'O painel está desligado: defina ADMIN_PASSWORD.',
    invalid: 'Dados inválidos.',
    orderNotFound: 'Pedido não encontrado.',
    notPaid: 'Só pedidos pagos têm acesso para reenviar.',
    notPending: 'Só pedidos com PIX em aberto (não pago e não vencido) podem ser cobrados.',
    noWhatsappNumber: 'O telefone deste pedido não é um celular brasileiro com DDD.',
    emailInvalid: 'Informe um e-mail válido.',
    outboxNotFound: 'E-mail não encontrado ou já enviado.',
    supplierInvalid: 'O arquivo tem erros; nada foi alterado.',
    buyerConfirmation: 'Digite o mesmo e-mail do comprador para confirmar.',
  },
  nav: {
    overview: 'Visão geral',
    orders: 'Pedidos',
    page: 'Página',
    reviews: 'Depoimentos',
    suppliers: 'Fornecedores',
    disputes: 'Contestações',
    health: 'Saúde',
    privacy: 'Dados pessoais',
    notifications: 'Notificações',
    logout: 'Sair',
    label: 'Seções do painel',
  },
  sessions: {
    endAll: 'Encerrar todas as sessões',
    confirmTitle: 'Encerrar todas as sessões?',
    confirmBody:
      'Todos os navegadores conectados ao painel, inclusive este, saem na hora e precisam da senha para entrar de novo. Use se perdeu um aparelho ou desconfia de um acesso; se a senha vazou, troque também ADMIN_PASSWORD e reinicie o servidor.',
  },
  overview: {
    newSale: (name: string, amount: string) => `Nova venda: ${name}, ${amount}`,
    refreshing: 'Atualiza sozinho a cada 15 segundos.',
    /** The day on one phone screen (overview/day-summary.tsx). */
    day: {
      title: 'Seu dia',
      yesterdaySoFar: (amount: string, sales: string) => `Ontem até esta hora: ${amount} · ${sales}`,
      pixWaiting: 'PIX esperando pagamento',
      refundsToDecide: 'Reembolsos para decidir',
      providers: 'Provedores de PIX',
      providerOk: (at: string) => `cobrou às ${at}`,
      providerUntried: 'nenhuma cobrança ainda',
      providerFailing: (since: string) => `falhou às ${since}`,
      providerSkipped: (until: string) => `com falhas: as vendas vão para o próximo até ${until}`,
      providersHint: 'Como este servidor viu as últimas cobranças; o detalhe está em Saúde.',
    },
    periods: { today: 'Hoje', last7: 'Últimos 7 dias', last30: 'Últimos 30 dias', month: 'Este mês' },
    revenue: 'Faturamento',
    // Sales: paid main orders; the bump bought after payment adds to the revenue, not to the sales.
    paidOrders: (count: number) => `${formatCount(count, { one: 'venda', other: 'vendas' })}`,
    spotsLeft: 'Vagas restantes no mês',
    unlimited: 'Sem limite',
    spotsOf: (capacity: number) => `de ${capacity}`,
    offerEnds: 'A oferta termina em',
    funnel: 'Funil (últimos 30 dias)',
    funnelSteps: {
      presell_view: 'Visitas à pré-venda',
      presell_yes: 'Cliques em “Sim, quero!”',
      landing_view: 'Visitas à página de vendas',
      begin_checkout: 'Checkouts iniciados',
      order_created: 'Pedidos criados',
      order_paid: 'Pedidos pagos',
    } as Record<string, string>,
    stepRate: (rate: string) => `${rate} da etapa anterior`,
    /** server/funnel/pay-ways.ts: shown once a buyer has tapped "Pagar no app do banco". */
    payWays: {
      title: 'Formas de pagar (últimos 30 dias)',
      hint: 'PIX gerado → pago por forma de pagamento. % das vendas: a parte de cada forma nos pedidos pagos. Mediana: o tempo do toque (em “GERAR PIX” ou na escolha do banco) até o pagamento.',
      way: 'Forma',
      generated: 'Gerados',
      paid: 'Pagos',
      share: '% das vendas',
      median: 'Mediana',
      pix: 'PIX (código)',
      bank: 'App do banco',
    },
    bySource: 'Vendas por origem (últimos 30 dias)',
    bySourceHint: 'Origem e campanha (utm_source / utm_campaign) da visita de quem gerou o PIX.',
    sourceColumn: 'Origem / campanha',
    paidColumn: 'Pagos / PIX',
    revenueColumn: 'Faturamento',
    noSource: '(sem origem)',
    noCampaign: '(sem campanha)',
    conversion: (rate: string) => `${rate} de conversão`,
    revenueChart: 'Faturamento por dia',
    funnelChart: 'Funil por dia',
    noData: 'Ainda não há dados.',
    duplicates: (count: number) =>
      `${formatCount(count, { one: 'pagamento duplicado para reembolsar', other: 'pagamentos duplicados para reembolsar' })}: o mesmo comprador pagou duas vezes.`,
    showDuplicates: 'Ver os duplicados',
    refundRequests: (count: number) =>
      `${formatCount(count, { one: 'reembolso pedido', other: 'reembolsos pedidos' })} para resolver: aprovar, recusar ou concluir.`,
    showRefundRequests: 'Ver os reembolsos',
    bump: {
      title: (name: string) => `Adicional: ${name}`,
      period: 'Período',
      revenue: 'Receita',
      inCheckout: (amount: string) => `${amount} no checkout`,
      afterPayment: (amount: string) => `${amount} depois`,
      takeRate: 'Adesão',
      offer: 'Pós-compra',
      ofOrders: (part: number, whole: number) => `${part} de ${whole}`,
      help: [
        'Receita: o preço do adicional em cada pedido pago que o inclui, marcado no checkout ou comprado na oferta depois do pagamento (pela data do pagamento).',
        'Adesão: vendas pagas com o adicional marcado no checkout ÷ vendas pagas.',
        'Pós-compra: vendas pagas sem o adicional (a quem a oferta única aparece depois do pagamento) cujo PIX do adicional foi pago ÷ essas vendas.',
      ],
    },
    /** The recovery table (server/funnel/recovery-figures.ts; docs/whatsapp.md#recovery-figures). */
    recovery: {
      title: 'PIX recuperados',
      metric: 'Indicador',
      periods: { today: 'Hoje', last7: '7 dias', last30: '30 dias', month: 'Mês' },
      rows: {
        pixGenerated: 'PIX gerados',
        paidWithoutReminder: 'Pagos sem lembrete',
        paidAfterEmail: 'Pagos após e-mail',
        paidAfterWhatsapp: 'Pagos após WhatsApp',
        paidAfterConsole: 'Pagos após “Cobrar no WhatsApp”',
        recoveredCents: 'Receita recuperada',
        whatsappSent: 'Mensagens pelo WhatsApp',
        whatsappCostCents: 'Custo estimado',
      },
      help: (priceCents: string) => [
        'PIX gerados: cobranças PIX criadas no período (pedidos e compras adicionais).',
        'Pagos: pedidos pagos no período (pela data do pagamento), cada um contado uma única vez, pelo último contato enviado antes do pagamento. Se dois contatos têm o mesmo horário, vale o “Cobrar no WhatsApp”, depois o WhatsApp, depois o e-mail. “Sem lembrete”: nenhum contato antes do pagamento.',
        'Contatos: um lembrete por e-mail aceito pelo servidor de e-mail; uma mensagem do PIX ou lembrete pelo WhatsApp aceita pela Meta (ou enviada, entregue, lida); um clique em “Cobrar no WhatsApp” no painel (conta como contato mesmo sem saber se você enviou a mensagem).',
        'Receita recuperada: a soma dos valores dos pedidos pagos depois de algum contato.',
        `Custo estimado: mensagens automáticas pelo WhatsApp enviadas no período × ${priceCents} (WHATSAPP_PRICE_CENTS). O “Cobrar no WhatsApp” sai do seu próprio WhatsApp e não custa nada.`,
      ],
      demoNote:
        'Demonstração: sem a Cloud API, as mensagens registradas (não enviadas) contam como enviadas, para a tabela mostrar números.',
    },
  },
  orders: {
    search: 'Buscar',
    searchPlaceholder: 'Nome, e-mail, telefone ou nº do pedido',
    status: {
      creating: 'Criando',
      pending: 'Aguardando PIX',
      expired: 'Expirado',
      paid: 'Pago',
      failed: 'Falhou',
      reversed: 'Reembolsado',
      med_returned: medReturnedLabel,
    } as Record<'creating' | 'pending' | 'expired' | 'paid' | 'failed' | 'reversed' | 'med_returned', string>,
    statusFilter: 'Status',
    statusAll: 'Todos',
    statusDuplicate: 'Duplicados a reembolsar',
    statusRefundRequested: 'Reembolsos pedidos',
    from: 'De',
    to: 'Até',
    apply: 'Filtrar',
    export: 'Exportar CSV',
    empty: 'Nenhum pedido encontrado.',
    count: (total: number) => `${formatCount(total, { one: 'pedido', other: 'pedidos' })}`,
    previous: 'Anteriores',
    next: 'Próximos',
    page: (page: number, pages: number) => `Página ${page} de ${pages}`,
    open: (name: string) => `Ver pedido de ${name}`,
    /** The PIX provider that took the order, beside its date. */
    via: (provider: string) => `via ${provider}`,
    csvHeader: [
      'Pedido',
      'Status',
      'Nome',
      'E-mail',
      'Telefone',
      'Valor (R$)',
      'Criado em',
      'Pago em',
      'Itens',
      'Tipo',
      'Pedido principal',
      'Provedor de PIX',
      'Líquido (R$)',
    ],
    /** The CSV's "Tipo": a checkout, or the order bump bought after payment (content/offers.ts). */
    kind: { main: 'Compra', addon: 'Adicional após o pagamento' } as Record<'main' | 'addon', string>,
    /** The list's compact marks: an order holding the order bump, and the bump bought after payment. */
    withBump: '+ Recarga',
    addon: 'Adicional pós-compra',
    noAccess: 'Sem acesso',
    duplicate: 'Pagamento duplicado — reembolsar',
    duplicateRefunded: 'Pagamento duplicado — reembolsado',
    refundStatus: {
      requested: 'Reembolso pedido',
      approved: 'Reembolso aprovado',
      declined: 'Reembolso recusado',
      refunded: 'Reembolsado',
    } as Record<RefundStatus, string>,
  },
  detail: {
    back: 'Voltar aos pedidos',
    title: (id: string) => `Pedido ${id}`,
    buyer: 'Comprador',
    amount: 'Valor',
    provider: 'Provedor de PIX',
    items: 'Itens',
    total: 'Total',
    /** An add-on order (the bump bought after payment) and the main order it belongs to. */
    addonOf: 'Compra adicional feita depois do pagamento do pedido',
    addons: 'Compra adicional depois do pagamento:',
    /** A part refund made in the provider's panel that matches no item's price (docs/money.md#panel-refunds). */
    partRefunded: 'Reembolso parcial no provedor',
    partRefundedNote: 'feito no painel do provedor; o acesso continua',
    medPart: `${medReturnedLabel} (parte)`,
    medPartNote: 'parte do PIX devolvida ao pagador pelo banco; o acesso continua',
    timeline: 'Linha do tempo',
    failure: 'Motivo da falha',
    /** The buyer's vínculo for "Pix por biometria", as last read at Efí. */
    bankLink: {
      title: 'Pagamento por biometria',
      state: {
        active: (bank: string) => `Conta em ${bank} vinculada (ativa na última leitura da Efí)`,
        pending: (bank: string) => `Vínculo com ${bank} aguardando a aprovação do comprador no banco`,
        revoked: (bank: string) => `Vínculo com ${bank} cancelado no banco do comprador`,
        expired: (bank: string) => `Vínculo com ${bank} vencido no banco do comprador`,
      },
      someBank: 'banco não informado pela Efí',
    },
    /** The order's WhatsApp (docs/whatsapp.md#the-console): consent, the messages, and the wa.me button. */
    whatsapp: {
      title: 'WhatsApp',
      consentYes: (at: string) => `O comprador pediu o PIX e o acesso pelo WhatsApp em ${at}`,
      consentNo: 'O comprador não pediu mensagens pelo WhatsApp',
      optedOut: (at: string) => `O número pediu para parar as mensagens em ${at}`,
      unavailable: (reason: string) => `WhatsApp não é possível: ${reason}`,
      /** Under the reason: what the buyer gets instead (docs/whatsapp.md#delivery: the e-mails go on). */
      fallback: 'Os e-mails do pedido (PIX, lembretes e acesso) continuam sendo enviados.',
      simulated: 'simulada (sem Cloud API)',
      none: 'Nenhuma mensagem pelo WhatsApp',
      kind: { pix: 'PIX', reminder: 'Lembrete', access: 'Acesso', console: 'Cobrança pelo painel' },
      status: {
        sending: 'enviando',
        accepted: 'aceita pela Meta',
        sent: 'enviada',
        delivered: 'entregue',
        read: 'lida',
        failed: 'falhou',
        not_sent: 'não enviada',
        opened: 'aberta no WhatsApp',
      },
      charge: 'Cobrar no WhatsApp',
      chargeHint: 'Abre o WhatsApp com uma mensagem pronta (valor e link do pedido, sem o código PIX); você pode editá-la antes de enviar.',
      chargeFailed: 'Não foi possível abrir o WhatsApp para este pedido.',
      failed: 'Não foi possível carregar as mensagens pelo WhatsApp.',
    },
    timelineKinds: {
      created: 'Pedido criado',
      charged: 'Cobrança PIX gerada',
      postback: 'Aviso do gateway recebido',
      paid: 'Pagamento confirmado',
      email_queued: 'E-mail na fila',
      email_sent: 'E-mail enviado',
      email_failed: 'Falha ao enviar e-mail',
      member_page: 'Página de membro aberta',
      admin: 'Ação no painel',
      refund: 'Reembolso',
    } as Record<string, string>,
    refundEvents: {
      requested: 'Reembolso pedido',
      approved: 'Reembolso aprovado por você',
      approved_auto: 'Reembolso aprovado automaticamente',
      declined: 'Reembolso recusado',
      gateway_called: 'Reembolso enviado ao gateway',
      gateway_pending: 'Gateway processando o reembolso',
      gateway_failed: 'O gateway não fez o reembolso',
      refunded: 'Reembolso concluído',
    } as Record<RefundTimelineEvent, string>,
    refundReason: (label: string) => `Motivo: ${label}`,
    quoted: (text: string) => `“${text}”`,
    auditActions: {
      resend_access: 'Acesso reenviado',
      correct_email: 'E-mail corrigido e acesso reenviado',
      revoke_access: 'Acesso revogado',
      mark_refunded: 'Marcado como reembolsado',
      refund_start: 'Reembolso iniciado',
      refund_decline: 'Recusa do reembolso enviada ao comprador',
      export_evidence: 'Comprovante da venda baixado',
      retry_email: 'Novo envio de e-mail',
      export_buyer: 'Dados pessoais exportados (LGPD)',
      delete_buyer: 'Dados pessoais apagados (LGPD)',
      review_publish: 'Depoimento publicado',
      review_hide: 'Depoimento ocultado',
      review_order: 'Ordem dos depoimentos alterada',
      whatsapp_console: 'Cobrança aberta no WhatsApp',
      dispute_register: 'Contestação registrada',
      dispute_defence: 'Defesa da contestação enviada',
      dispute_resolve: 'Resultado da contestação registrado',
    } as Record<string, string>,
    duplicate: {
      open: 'Este comprador já tinha pago outro pedido. Reembolse este pagamento no gateway e depois use “Marcar como reembolsado”.',
      refunded: 'Este pagamento duplicado já foi marcado como reembolsado.',
      original: 'Pedido original:',
    },
    actions: {
      resend: 'Reenviar acesso',
      correct: 'Corrigir e-mail',
      revoke: 'Revogar acesso',
      refund: 'Marcar como reembolsado',
    },
    evidence: {
      title: 'Comprovante da venda',
      hint: 'Para uma contestação (MED) ou um pedido do gateway: a história deste pedido, do pagamento ao acesso do comprador.',
      pdf: 'Baixar comprovante (PDF)',
      html: 'Baixar comprovante (HTML)',
    },
    refund: {
      title: 'Reembolso',
      none: 'O comprador não pediu reembolso.',
      guaranteeUntil: (date: string) => `Garantia até ${date}`,
      guaranteeOpen: 'dentro do prazo',
      guaranteeClosed: 'prazo encerrado',
      requestedAt: 'Pedido em',
      startedAt: 'Iniciado em',
      reason: 'Motivo',
      noReason: 'Não informado',
      note: 'Mensagem do comprador',
      insideGuarantee: 'Pedido dentro da garantia',
      outsideGuarantee: 'Pedido depois do fim da garantia',
      origin: {
        buyer: 'Pedido pelo comprador',
        seller: 'Iniciado por você no painel',
        duplicate: 'Pagamento duplicado (reembolso automático)',
        reversal: 'O pedido principal foi estornado no provedor',
      } as Record<RefundOrigin, string>,
      status: 'Situação',
      decidedBy: 'Decisão',
      decided: { seller: 'Você', auto: 'Automática' } as Record<'seller' | 'auto', string>,
      decidedAt: (who: string, date: string) => `${who}, em ${date}`,
      declineReason: 'Motivo da recusa (enviado ao comprador)',
      refundedAt: (date: string) => `Dinheiro devolvido em ${date}. O acesso do comprador foi encerrado.`,
      gateway: {
        calling: 'Enviando o reembolso ao gateway… Esta página se atualiza sozinha.',
        pending:
          'Reembolso em processamento: o gateway aceitou e está devolvendo o dinheiro. Costuma levar poucos minutos; esta página se atualiza sozinha.',
        failed: (error: string | null) =>
          `O gateway não conseguiu fazer o reembolso${error ? ` (${error})` : ''}. Devolva o valor à mão seguindo os passos abaixo.`,
      },
      manual: {
        title: 'Reembolsar à mão',
        why: 'Os reembolsos pelo gateway estão desligados (GATEWAY_REFUNDS): você devolve o valor no painel dele.',
        /** Each PIX is refunded in the panel of the provider that received it. */
        openTransaction: (provider: string) => `No painel do provedor ${provider}, abra a transação`,
        noTransaction: (provider: string) => `No painel do provedor ${provider}, procure o pagamento deste pedido (pelo valor e pela data)`,
        copy: 'Copiar',
        copied: 'Copiado',
        /** Read after "Copiar" by screen readers (and Playwright), so each copy button says what it copies. */
        copyTransaction: 'o código da transação',
        copyDocument: 'o CPF do comprador',
        refundAmount: 'Reembolse',
        /** One PIX per line: the order and its add-on were paid apart, so each is refunded apart. */
        eachCharge: 'Esta compra foi paga em mais de um PIX: reembolse cada transação pelo seu valor.',
        total: 'Total a devolver',
        comeBack: 'Volte aqui e toque em “Marcar como reembolsado”',
        document: 'CPF do comprador (chave PIX possível)',
      },
      actions: { start: 'Reembolsar', retry: 'Reembolsar de novo pelo gateway', decline: 'Recusar' },
      confirm: {
        startGateway: {
          title: (amount: string) => `Reembolsar ${amount}?`,
          body: 'O gateway devolve o valor pelo PIX para a conta que pagou. Quando terminar, o acesso do comprador é encerrado e ele recebe um e-mail.',
        },
        startManual: {
          title: (amount: string) => `Reembolsar ${amount}?`,
          body: 'O reembolso fica aprovado. Em seguida, devolva o valor no painel do gateway seguindo os passos que aparecem aqui e toque em “Marcar como reembolsado”.',
        },
        retry: {
          title: (amount: string) => `Pedir ${amount} ao gateway de novo?`,
          body: 'O gateway tenta devolver o valor outra vez. Se você já devolveu à mão, não tente de novo: use “Marcar como reembolsado”.',
          /** The last call may have refunded (it was never seen): shown beside the button and in the dialog. */
          panelCheck: refundConsoleApi.checkGatewayFirst,
          /** The box the seller ticks before that retry; the server refuses it without. */
          checked: 'Conferi no painel do gateway: o reembolso não foi feito.',
        },
        decline: {
          title: 'Recusar o reembolso?',
          body: 'O comprador recebe o motivo por e-mail e continua com o acesso.',
          field: 'Motivo da recusa',
          hint: 'Vai por e-mail para o comprador. De 5 a 500 caracteres.',
        },
      },
      done: {
        startGateway: 'Reembolso enviado ao gateway.',
        startManual: 'Reembolso aprovado. Agora devolva o valor no painel do gateway.',
        decline: 'Reembolso recusado. O comprador recebeu o motivo por e-mail.',
      },
    },
    confirm: {
      resend: { title: 'Reenviar o acesso?', body: (email: string) => `Um novo e-mail com o link de acesso vai para ${email}.` },
      correct: { title: 'Corrigir o e-mail e reenviar', body: 'O link de acesso vai para o novo endereço.', field: 'Novo e-mail' },
      revoke: {
        title: 'Revogar o acesso?',
        body: 'O link atual deixa de funcionar. Você pode reenviar o acesso depois (com um link novo).',
      },
      refund: { title: 'Marcar como reembolsado?', body: 'Use depois de devolver o dinheiro no gateway. O acesso é revogado.' },
      refundDuplicate: {
        title: 'Marcar como reembolsado?',
        body: 'Use depois de devolver este pagamento no gateway. O link deste pedido deixa de funcionar; o comprador mantém o acesso pelo pedido original.',
      },
      ok: 'Confirmar',
      cancel: 'Cancelar',
      close: 'Fechar',
    },
    done: {
      resend: 'Acesso reenviado.',
      correct: 'E-mail corrigido e acesso reenviado.',
      revoke: 'Acesso revogado.',
      refund: 'Pedido marcado como reembolsado.',
    },
  },
  reviews: {
    title: 'Depoimentos',
    intro: 'Depoimentos de compradores verificados. O texto é do comprador: você só escolhe publicar, ocultar e a ordem.',
    summary: (average: string | null, count: number) =>
      average === null
        ? 'Nenhum depoimento publicado ainda.'
        : `Nota média ${average} de 5 em ${formatCount(count, { one: 'depoimento publicado', other: 'depoimentos publicados' })}.`,
    shows: (minimum: number) => `A seção aparece na página de vendas (com pelo menos ${minimum} publicados).`,
    hiddenUntil: (minimum: number) => `Aparece na página com pelo menos ${minimum} publicados.`,
    groups: { pending: 'Pendentes', published: 'Publicados', hidden: 'Ocultos' },
    empty: 'Nenhum.',
    stars: (rating: number) => `Nota ${rating} de 5`,
    purchased: (month: string) => `Compra em ${month}`,
    publish: 'Publicar',
    hide: 'Ocultar',
    /** A refund asked for, under way or done: off the site whatever the group; back if it is declined. */
    hiddenByRefund: 'Fora da página: compra reembolsada',
    hideTitle: 'Ocultar este depoimento?',
    hideBody: 'Ele sai da página de vendas (se estiver lá) e fica em Ocultos; você pode publicá-lo de novo depois.',
    moveUp: (name: string) => `Subir o depoimento de ${name}`,
    moveDown: (name: string) => `Descer o depoimento de ${name}`,
    orderFailed: 'Não foi possível salvar a nova ordem. Tente de novo.',
  },
  suppliers: {
    /** The main list, and the order bump's list: what each is for. */
    lists: {
      suppliers: 'A lista principal: todo comprador recebe.',
      recharge: 'O order bump: só quem comprou a Lista de Fornecedores de Recarga recebe.',
    },
    current: (count: number) => `${formatCount(count, { one: 'fornecedor', other: 'fornecedores' })} na lista`,
    updatedAt: (date: string) => `Atualizada em ${date}`,
    neverUpdated: 'A lista ainda não foi importada.',
    /** The demo's example set (content/example-lists.ts), seeded while no gateway is configured. */
    example: 'Exemplos do modo demonstração: os compradores veem estes contatos fictícios até você importar a lista real.',
    /** When the list is empty: the two ways to import it. */
    importHow: 'Para importar, envie o arquivo CSV aqui embaixo ou, no servidor, rode:',
    importCommand: (slug: string, isMain: boolean) =>
      isMain ? 'npm run suppliers:import -- fornecedores.csv' : `npm run suppliers:import -- --list ${slug} fornecedores-${slug}.csv`,
    download: 'Baixar lista atual (CSV)',
    upload: 'Arquivo CSV',
    uploadHint: 'Colunas: nome, categoria, oferta, whatsapp, telegram, observacoes (o mesmo formato do npm run suppliers:import).',
    preview: 'Conferir arquivo',
    previewTitle: 'Prévia',
    previewOk: (count: number, categories: number) =>
      `${formatCount(count, { one: 'fornecedor', other: 'fornecedores' })} em ${formatCount(categories, { one: 'categoria', other: 'categorias' })} vão substituir a lista atual.`,
    previewErrors: (count: number) => `${formatCount(count, { one: 'problema', other: 'problemas' })}; nada será alterado.`,
    line: (line: number, message: string) => `Linha ${line}: ${message}`,
    confirm: 'Substituir a lista',
    replaced: (count: number) => `Lista substituída: ${formatCount(count, { one: 'fornecedor', other: 'fornecedores' })}.`,
  },
  privacy: {
    title: 'Dados pessoais (LGPD)',
    intro:
      'Quando um comprador pedir seus dados ou a exclusão deles (LGPD, art. 18), busque pelo e-mail usado na compra. É o mesmo que npm run buyer -- export ou delete.',
    field: 'E-mail do comprador',
    search: 'Buscar comprador',
    none: (email: string) => `Nenhum pedido com o e-mail ${email}.`,
    found: (count: number) => `${formatCount(count, { one: 'pedido', other: 'pedidos' })} com este e-mail`,
    export: 'Baixar dados (JSON)',
    exportFile: 'dados-pessoais.json',
    exported: 'Arquivo gerado. Envie-o ao comprador por um canal seguro.',
    erase: 'Apagar dados pessoais',
    confirm: {
      title: 'Apagar os dados pessoais?',
      body: (email: string) =>
        `Nome, e-mail, telefone e CPF de ${email} saem de todos os pedidos deste e-mail, com os avisos do gateway desses pedidos. Status e valores ficam, para a contabilidade. Não dá para desfazer.`,
      field: 'Digite o e-mail do comprador para confirmar',
    },
    erased: (count: number) =>
      count === 0
        ? 'Nenhum pedido tinha este e-mail; nada mais a apagar.'
        : `Dados pessoais apagados de ${formatCount(count, { one: 'pedido', other: 'pedidos' })}: nome, e-mail, telefone, CPF e os avisos do gateway. Status e valores ficaram, para a contabilidade.`,
    erasedOrders: 'Pedidos apagados',
  },
  health: {
    title: 'Saúde da loja',
    ok: 'OK',
    problem: 'Atenção',
    retry: 'Tentar de novo',
    retried: 'E-mail de volta à fila.',
    undeliverable: 'E-mails que não saíram',
    failingDeliveries: 'Webhooks e conversões com falha',
    retriedDelivery: 'Envio de volta à fila.',
    deliveryKinds: {
      'webhook:order.created': 'Webhook order.created',
      'webhook:order.paid': 'Webhook order.paid',
      'webhook:order.refunded': 'Webhook order.refunded',
      'webhook:order.duplicate': 'Webhook order.duplicate',
      'webhook:order.erased': 'Webhook order.erased',
      'conversion:meta': 'Compra enviada à Meta (API de Conversões)',
      'conversion:ga4': 'Compra enviada ao GA4 (Measurement Protocol)',
    } as Record<string, string>,
    /** Each PIX provider's last calls, as this server process saw them (gateway/payments.ts). */
    providers: {
      title: 'Provedores de PIX',
      scope: 'Desde o último início do servidor: cada servidor guarda o seu na memória, e reiniciar zera.',
      state: { ok: 'OK', error: 'Com erro', idle: 'Sem uso ainda', skipped: (until: string) => `Pulado até ${until}` },
      skippedHint: 'Enquanto pulado, as novas cobranças vão primeiro para o próximo provedor da lista.',
      lastSuccess: (ago: string) => `Última cobrança criada: ${ago}`,
      never: 'Última cobrança criada: nunca nesta execução',
      lastError: (ago: string, at: string) => `Último erro ${ago} (${at}):`,
      retired: 'Só leitura',
      retiredHint:
        'Fora de PAYMENT_PROVIDERS, com as credenciais ainda definidas: não recebe novas cobranças; as dele continuam sendo lidas e reembolsadas.',
      unsettled: (count: number) => `${formatCount(count, { one: 'pedido', other: 'pedidos' })} com PIX em aberto ou no prazo de reembolso`,
      invalidSignatures: (count: number, ago: string, at: string) =>
        `${formatCount(count, { one: 'aviso recusado', other: 'avisos recusados' })}: assinatura inválida — confira o segredo do webhook. O último ${ago} (${at}).`,
    },
    deliveryState: (attempts: number, nextAttempt: string | null) =>
      `${formatCount(attempts, { one: 'tentativa', other: 'tentativas' })}; ${nextAttempt === null ? 'desistimos de tentar' : `próxima em ${nextAttempt}`}`,
    checks: {
      gateway: 'Gateway de pagamento',
      postback: 'Último aviso do gateway (postback)',
      duplicates: 'Pagamentos duplicados',
      events: 'Avisos dos provedores',
      disputes: 'Leitura das contestações (MED)',
      chargeReads: 'Leitura dos pagamentos PIX',
      refundReads: 'Leitura dos reembolsos em andamento',
      bankReads: 'Leitura dos pagamentos pelo app do banco',
      refunds: 'Pedidos de reembolso',
      smtp: 'Envio de e-mails',
      outbox: 'Fila de e-mails',
      placeholders: 'Dados do vendedor',
      clocks: 'Relógio dos servidores',
      publicUrl: 'Endereço público (PUBLIC_URL)',
      trackers: 'Rastreamento (GA4, Meta, Clarity)',
      webhooks: 'Webhooks (WEBHOOK_URL)',
      conversions: 'Conversões pelo servidor (Meta, GA4)',
      capacity: 'Vagas e fim da oferta',
      bankReturns: 'Devoluções de pagamentos em dobro',
    } as Record<string, string>,
    detail: {
      sandbox: 'Modo de demonstração (gateway de teste)',
      gatewayOk: (product: string) => `Produto “${product}” e oferta encontrados`,
      providers: (ids: string) => `Provedores de PIX: ${ids}`,
      gatewayError: 'O gateway não respondeu ou não achou o produto',
      refunds: (open: number, overdue: number) =>
        open === 0
          ? 'Nenhum pedido em aberto'
          : `${formatCount(open, { one: 'pedido em aberto', other: 'pedidos em aberto' })}${overdue > 0 ? `, ${overdue} há mais de ${REFUND_ANSWER_DAYS} dias` : ''}`,
      noPostback: 'Nenhum aviso recebido ainda',
      postbackAgo: (ago: string) => `Recebido ${ago}`,
      smtpFile: 'Modo arquivo: os e-mails ficam em DATA_DIR/outbox',
      smtpOk: 'Servidor SMTP respondeu e aceitou o login',
      smtpError: 'O servidor SMTP recusou ou não respondeu',
      duplicates: (count: number) =>
        count === 0
          ? 'Nenhum para reembolsar'
          : `${formatCount(count, { one: 'pagamento duplicado', other: 'pagamentos duplicados' })} para reembolsar`,
      eventsOk: 'Todos os avisos recebidos foram lidos',
      events: (events: string[]) => `Avisos que a loja não sabe ler: ${events.join('; ')}`,
      eventOf: (provider: string, name: string, count: number, lastAt: string) =>
        `${provider} “${name}”, ${formatCount(count, { one: 'vez', other: 'vezes' })}, o último em ${lastAt}`,
      outbox: (backlog: number, stuck: number) => `${backlog} na fila há mais de 5 min, ${stuck} sem entrega`,
      placeholdersOk: 'Nome, CPF/CNPJ e endereço definidos',
      clocksOk: 'Todos os servidores com o relógio de acordo com o do banco de dados',
      clocks: (instances: string[]) => `Relógio diferente do banco de dados: ${instances.join('; ')}`,
      clockOf: (name: string, skewMs: number) => {
        const seconds = Math.round(Math.abs(skewMs) / 1000);
        const amount = seconds < 120 ? `${seconds} s` : `${Math.round(seconds / 60)} min`;
        return `${name}, ${amount} ${skewMs > 0 ? 'adiantado' : 'atrasado'}`;
      },
      placeholders: (fields: string) => `Ainda com texto de exemplo: ${fields}`,
      publicUrlOk: (url: string) => url,
      publicUrlMissing: 'Não definido',
      publicUrlHttp: (url: string) => `${url} (sem https)`,
      trackersOn: (names: string) => `Ligados: ${names}`,
      trackersOff: 'Nenhum ligado',
      capacity: (left: string, ends: string) => `${left}; oferta até ${ends}`,
      capacityFull: 'Vagas esgotadas neste mês',
      bankReturns: (orders: string[]) =>
        `${formatCount(orders.length, { one: 'devolução recusada', other: 'devoluções recusadas' })} pelo provedor (do pagamento no app do banco ou do PIX), de um comprador que pagou duas vezes (pedidos ${orders.join(', ')})`,
      deliveries: (target: string, retrying: number, givenUp: number) =>
        retrying === 0 && givenUp === 0 ? `Entregando para ${target}` : `${target}: ${retrying} tentando de novo, ${givenUp} sem entrega`,
    },
    fix: {
      gateway: 'Confira PROVIDER_URL, PROVIDER_TOKEN e PRODUCT_HASH e se o produto tem uma oferta ativa no gateway.',
      postback: 'Faça uma compra de teste; se o aviso não chegar, confira se PUBLIC_URL é acessível pela internet.',
      duplicates: 'Reembolse cada um no gateway e use “Marcar como reembolsado” no pedido (Pedidos › Duplicados a reembolsar).',
      events:
        'Confira no painel do provedor o que esse aviso diz (pagamento, reembolso ou contestação) e trate o pedido à mão; se ele se repetir, atualize a Vitrine.',
      refunds: `A garantia promete resposta em até ${REFUND_ANSWER_DAYS} dias: abra Pedidos › Reembolsos pedidos e reembolse ou recuse cada um.`,
      smtp: 'Confira usuário, senha, host e porta em SMTP_URL.',
      outbox: 'Confira o envio de e-mails acima e use “Tentar de novo” nos e-mails abaixo.',
      placeholders: 'Defina SELLER_NAME, SELLER_DOCUMENT e SELLER_ADDRESS.',
      clocks:
        'Ligue a sincronização de horário (NTP: chrony ou systemd-timesyncd) no servidor indicado. A loja já ordena filas e prazos pelo relógio do banco, mas os registros desse servidor mostram a hora errada.',
      publicUrl: 'Defina PUBLIC_URL com o endereço https da loja, por exemplo https://loja.exemplo.com.br.',
      trackers: 'Defina GA_ID, META_PIXEL_ID ou CLARITY_ID para medir suas campanhas.',
      capacity: 'Aumente MONTHLY_CAPACITY ou ajuste OFFER_ENDS_AT.',
      webhooks: 'Confira se WEBHOOK_URL está no ar e responde 2xx; depois use “Tentar de novo” abaixo.',
      bankReturns:
        'A loja pede a devolução de novo sozinha, sem devolver duas vezes. Abra o pedido para ver o motivo que o provedor deu e confira o pagamento no painel dele (Open Finance ou PIX); se ele não puder ser devolvido, devolva à mão e use “Marcar como reembolsado”.',
      conversions: 'Confira META_CAPI_TOKEN e GA_API_SECRET; depois use “Tentar de novo” abaixo.',
    },
    fields: { name: 'nome', document: 'CPF/CNPJ', address: 'endereço' },
  },
  time: {
    ago: (minutes: number) =>
      minutes < 1
        ? 'agora há pouco'
        : minutes < 60
          ? `há ${minutes} min`
          : minutes < 48 * 60
            ? `há ${Math.round(minutes / 60)} h`
            : `há ${Math.round(minutes / 1440)} dias`,
  },
} as const;

/**
 * Each e-mail's steps on an order's timeline, named by its outbox kind's row (src/server/subscribers.ts). An e-mail
 * without `queued` or `failed` shows only once sent: a PIX reminder waits for its time, and is dropped once paid.
 */
export const emailTimeline = {
  access: { queued: 'E-mail de acesso na fila', sent: 'E-mail de acesso enviado', failed: 'Falha ao enviar o e-mail de acesso' },
  pix: { sent: 'E-mail do PIX enviado (código ou lembrete)' },
  refund: {
    queued: 'E-mail do reembolso na fila',
    sent: 'E-mail do reembolso enviado ao comprador',
    failed: 'Falha ao enviar o e-mail do reembolso',
  },
  review: { sent: 'Pedido de avaliação enviado ao comprador' },
  affiliate: { queued: 'E-mail ao afiliado na fila', sent: 'E-mail ao afiliado enviado', failed: 'Falha ao enviar o e-mail ao afiliado' },
  unrecognisedEvent: { sent: 'Alerta de aviso desconhecido de um provedor enviado a você' },
  readAlert: { sent: 'Alerta de leitura de um provedor que falha há uma hora enviado a você' },
  affiliatePayout: { sent: 'E-mail do repasse enviado ao afiliado' },
  bankReturn: {
    queued: 'Aviso de pagamento em dobro na fila',
    sent: 'Aviso ao comprador: o pagamento no app do banco foi devolvido',
    failed: 'Falha ao avisar o comprador do pagamento devolvido',
  },
  /** Not an e-mail: the return of the bank-app payment of an order paid twice, asked again while the provider refuses it. */
  bankReturnRetry: {
    queued: 'Devolução do pagamento no app do banco recusada ou sem resposta: nova tentativa agendada',
    sent: 'Devolução do pagamento no app do banco pedida de novo e aceita',
    failed: 'Devolução do pagamento no app do banco recusada de novo; a loja segue tentando',
  },
  pixReturn: {
    queued: 'Aviso ao comprador na fila: o PIX pago depois do reembolso será devolvido',
    sent: 'Aviso ao comprador: o PIX pago depois do reembolso foi devolvido',
    failed: 'Falha ao avisar o comprador do PIX devolvido',
  },
  /** Not an e-mail: the return of the PIX paid after the purchase was refunded, asked again while the provider refuses it. */
  pixReturnRetry: {
    queued: 'Devolução do PIX pago depois do reembolso recusada ou sem resposta: nova tentativa agendada',
    sent: 'Devolução do PIX pago depois do reembolso pedida de novo e aceita',
    failed: 'Devolução do PIX pago depois do reembolso recusada de novo; a loja segue tentando',
  },
  duplicateAlert: {
    queued: 'Alerta de pagamento duplicado na fila',
    sent: 'Alerta de pagamento duplicado enviado a você',
    failed: 'Falha ao enviar o alerta de pagamento duplicado',
  },
} as const satisfies Record<string, EmailTimelineLabels>;
