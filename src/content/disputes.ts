/**
 * PIX disputes (docs/disputes.md): a buyer's contestation at their bank (the Banco Central's MED), a chargeback.
 * The console's "Contestações" area, the refund guards, the alerts to the seller and the buyer's answer read
 * their words from here.
 */
import type { DefenceChannel, DisputeSource, DisputeState } from '../shared/disputes.ts';

export const disputeStateLabels: Record<DisputeState, string> = {
  open: 'Aberta',
  defending: 'Em defesa',
  won: 'Ganha',
  lost: 'Perdida',
  cancelled: 'Cancelada',
};

export const disputeSourceLabels: Record<DisputeSource, string> = {
  provider: 'Do provedor',
  manual: 'Registrada à mão',
};

export const disputeChannelLabels: Record<DefenceChannel, string> = {
  provider: 'Pela API do provedor',
  panel: 'No painel do provedor (PDF e texto para colar)',
};

/** The money a lost dispute or a MED devolução took back: never "Reembolsado", the seller did not return it. */
export const medReturnedLabel = 'Devolvido pelo MED';

/** The console's "Contestações" area. */
export const disputesConsole = {
  title: 'Contestações',
  intro:
    'Contestações de PIX feitas pelo comprador no app do banco (MED) e chargebacks. Enquanto uma está aberta, não reembolse: o MED pode devolver o dinheiro também.',
  empty: 'Nenhuma contestação registrada.',
  register: 'Registrar contestação',
  registerHint: 'Encontre o pedido pelo e-mail do comprador, pela referência do pedido ou pelo ID E2E do PIX.',
  queryLabel: 'E-mail, referência ou ID E2E',
  amountLabel: 'Valor contestado (deixe vazio para o valor pago)',
  dueLabel: 'Prazo da defesa (se o provedor informou)',
  providerIdLabel: 'ID da contestação no provedor (opcional)',
  sendDefence: 'Enviar defesa',
  defenceSent: (date: string) => `Defesa enviada em ${date}.`,
  downloadPdf: 'Baixar PDF da defesa',
  /** After the console's "Copiar" (read as "Copiar o texto da defesa"). */
  copyText: 'o texto da defesa',
  panelHint: 'Este provedor não recebe a defesa pela API: envie o PDF e cole o texto no painel dele antes do prazo.',
  resolve: 'Registrar resultado',
  resolveWon: 'Ganha',
  resolveLost: 'Perdida',
  resolveCancelled: 'Cancelada',
  pollNow: 'Verificar contestações agora',
  deadline: (date: string) => `Prazo da defesa: ${date}`,
  noDeadline: 'Prazo não informado pelo provedor',
  timeLeft: (text: string) => `Faltam ${text}`,
  overdue: 'Prazo encerrado',
  blocksTitle: 'Bloqueios após contestação perdida',
  blocksIntro:
    'Depois de uma contestação perdida, o e-mail, o CPF e o telefone do comprador não geram novo PIX. Só guardamos uma impressão (hash) desses dados.',
  blocksEmpty: 'Nenhum comprador bloqueado.',
  blockKinds: { email: 'E-mail', document: 'CPF', phone: 'Telefone' } as Record<'email' | 'document' | 'phone', string>,
  removeBlock: 'Desbloquear',
  overviewTitle: 'Contestações abertas',
  overviewLink: 'Ver contestações',
  overviewRow: (ref: string, amount: string) => `Pedido ${ref}, ${amount}`,
  listLabel: 'Lista de contestações',
  orderRef: (ref: string) => `Pedido ${ref}`,
  amount: 'Valor contestado',
  provider: 'Provedor',
  buyer: 'Comprador',
  items: 'Itens',
  openedAt: 'Aberta em',
  due: 'Prazo da defesa',
  closedAt: 'Encerrada em',
  medReturned: (amount: string) => `${medReturnedLabel}: ${amount}`,
  medReturnedPart: (amount: string) => `${medReturnedLabel} (parte): ${amount}. O acesso do comprador continua.`,
  medAwaited:
    'Perdida no provedor. Nada conta como devolvido pelo MED antes de a devolução aparecer no PIX, e o acesso continua até lá: o pedido é lido de novo agora.',
  defenceTitle: 'Texto da defesa',
  defenceLoading: 'Carregando o texto da defesa…',
  defenceHint: 'É o que “Enviar defesa” manda ao provedor: os fatos do checkout, da entrega e do uso.',
  panelSend: 'Toque em “Enviar defesa” para registrar o envio; depois baixe o PDF e cole o texto no painel do provedor.',
  sending: 'Enviando…',
  /** Time left before the defence's deadline: "2 dias e 3 h", "5 h e 20 min", "40 min". */
  left: { day: { one: 'dia', other: 'dias' }, hour: 'h', minute: 'min', and: 'e' },
  resolveHint: 'Uma contestação registrada à mão é encerrada à mão, quando o provedor ou o banco der o resultado.',
  resolveConfirm: {
    won: {
      title: 'Registrar a contestação como ganha?',
      body: 'O pedido continua pago e o acesso do comprador continua aberto.',
    },
    lost: {
      title: 'Registrar a contestação como perdida?',
      body: 'O valor passa a contar como devolvido pelo MED e o acesso aos itens contestados termina. Se a compra inteira voltou, o e-mail, o CPF e o telefone do comprador deixam de gerar PIX.',
    },
    cancelled: {
      title: 'Registrar a contestação como cancelada?',
      body: 'A contestação é encerrada sem efeito: o pedido continua pago.',
    },
  },
  resolved: (state: string) => `Contestação registrada como ${state.toLowerCase()}.`,
  submit: 'Registrar',
  created: (ref: string) => `Contestação registrada no pedido ${ref}.`,
  amountHint: 'Em reais, por exemplo 19,90 ou 1.234,56.',
  queryRequired: 'Informe o e-mail, a referência ou o ID E2E do pedido.',
  badAmount: 'Valor inválido: escreva em reais, por exemplo 19,90 ou 1.234,56.',
  badDate: 'Data do prazo inválida.',
  badProviderId: 'O ID da contestação pode ter até 100 caracteres.',
  blockedAt: (date: string) => `Bloqueado em ${date}`,
  removeConfirm: {
    title: 'Desbloquear este comprador?',
    body: 'Com este dado, o comprador volta a poder gerar PIX na loja.',
  },
  removed: 'Bloqueio desfeito.',
  polled: 'Verificação feita. As contestações novas aparecem em “Contestações”.',
};

/**
 * A provider's dispute list that could not be read (docs/disputes.md#loud): what Saúde, "Verificar contestações agora"
 * and the seller's alert say. The adapters' own messages name the fix where they know it (Efí's missing scope).
 */
export const disputePollAlert = {
  unreadable: 'O provedor não respondeu à leitura das contestações.',
  unrecorded: (count: number) =>
    `${count === 1 ? 'Uma contestação lida não pôde ser gravada' : `${count} contestações lidas não puderam ser gravadas`}; a próxima leitura tenta de novo.`,
  polledOk: (provider: string, count: number, more = false) =>
    `${provider}: lista lida${count === 0 ? ', nenhuma contestação nova ou alterada' : `, ${count === 1 ? '1 contestação' : `${count} contestações`} vista(s)`}${more ? '; o restante é lido nas próximas verificações, com no máximo um minuto entre elas' : ''}.`,
  failed: (provider: string, message: string) => `${provider}: não foi possível ler as contestações. ${message}`,
  busy: (provider: string) => `${provider}: outra instância está lendo a lista agora; tente em alguns minutos.`,
} as const;

/** The console API's answers about disputes, shown as they are. */
export const disputesApi = {
  notFound: 'Contestação não encontrada.',
  blockNotFound: 'Bloqueio não encontrado.',
  orderNotFound: 'Nenhum pedido pago encontrado com esse e-mail, referência ou ID E2E.',
  ambiguous: 'Esse e-mail tem mais de um pedido pago: use a referência do pedido ou o ID E2E.',
  alreadyOpen: 'Este pedido já tem uma contestação aberta.',
  notManual: 'Esta contestação veio do provedor: o resultado chega por ele.',
  closed: 'Esta contestação já foi encerrada.',
  /** The provider's 409, or a second press: a defence is sent at most once. */
  alreadySent: 'A defesa desta contestação já foi enviada. O provedor aceita uma só defesa.',
  /** The provider's 422, or the deadline passed before the press. */
  tooLate: 'O prazo para enviar a defesa terminou. O provedor não aceita mais defesa nesta contestação.',
  providerFailed: (message: string) =>
    `O provedor não recebeu a defesa: ${message.endsWith('.') ? message.slice(0, -1) : message}. Tente de novo em alguns minutos.`,
  badDate: 'Data do prazo inválida.',
  amountAbovePaid: (paid: string) => `O valor contestado não pode passar do que foi pago neste pedido (${paid}).`,
};

/** The refund guards while a dispute is open (docs/disputes.md#never-twice). */
export const disputeRefundGuard = {
  /** "Reembolsar" / "Marcar como reembolsado": answered 409 until the seller confirms a second time. */
  /** The console's second confirmation after that 409 (the server's words are its body). */
  confirmAgain: {
    start: 'Reembolsar mesmo com a contestação aberta?',
    mark: 'Marcar como reembolsado mesmo com a contestação aberta?',
  },
  confirmNeeded:
    'Este pedido tem uma contestação aberta no banco do comprador (MED). Se você reembolsar agora, o MED pode devolver o dinheiro também, e você paga duas vezes. Confirme de novo só se tiver certeza.',
  /** An automatic refund that was skipped, as the console lists it. */
  automaticSkipped: 'Reembolso automático suspenso: o pedido tem uma contestação aberta.',
  /** The buyer's own request: answered truthfully, no refund call goes to the provider. */
  buyerAnswer:
    'Esta compra tem uma contestação em análise no seu banco. O banco decide em até 7 dias e, se for o caso, devolve o valor pelo próprio PIX. Por isso não podemos fazer outro reembolso agora.',
};

/** The neutral message a blocked buyer sees at checkout: it accuses no one. */
export const disputeBlockedCheckout =
  'Não foi possível gerar o PIX para estes dados. Se precisar de ajuda, fale com o suporte pelo e-mail da página.';

/** The seller's alerts' words shared by the e-mail (content/emails.ts `disputeAlertEmail`) and the WhatsApp template. */
export const disputeAlerts = {
  noDeadline: 'não informado pelo provedor',
  /** A deadline, in São Paulo's time (src/shared/time.ts `formatExpiry`), named as such. */
  dueAt: (at: string) => `até ${at} (horário de Brasília)`,
  /** The buyer's name once it was erased with their other data. */
  noBuyer: 'O comprador (dados apagados)',
  /** The WhatsApp template's {{1}}: the order and who made it. */
  whatsappOrder: (ref: string, buyer: string) => `${ref} (${buyer})`,
  /** The WhatsApp template's {{4}} once the dispute ended, as its row records it. */
  whatsappWon: 'Ganha: nada foi devolvido pelo MED',
  whatsappLost: (amount: string) => `Perdida: ${amount} devolvidos ao comprador pelo MED`,
  whatsappLostAwaited: 'Perdida: a devolução do MED ainda não apareceu no PIX',
  left24h: '24 horas',
  left6h: '6 horas',
};

/** The defence's text: what was true at checkout, in the provider's words (docs/disputes.md#defence). */
export const disputeDefence = {
  heading: (ref: string) => `Defesa do vendedor - pedido ${ref}`,
  // The way it is delivered, not that it was: delivery is its own sentence below (delivered / notDelivered).
  product: (title: string, price: string) => `Produto digital: ${title}, por ${price}, com acesso por e-mail e página de membro.`,
  buyer: 'Dados informados pelo comprador no checkout:',
  /** Each says what was compared and how it came out (PayerCheck in src/server/disputes/payer-check.ts). */
  payer: {
    both: 'O nome e o documento do pagador informados pelo provedor conferem com os do comprador.',
    document: 'O documento do pagador informado pelo provedor confere com o do comprador; o nome não foi confirmado.',
    name: 'O nome do pagador informado pelo provedor confere com o do comprador; o documento não foi comparado.',
    matched: 'O pagador informado pelo provedor confere com o comprador.',
    documentDiffers: 'O documento do pagador informado pelo provedor não confere com o do comprador.',
  },
  checkoutFrom: (address: string, browser: string) => `Compra feita do endereço ${address}, navegador ${browser}.`,
  // The shop's guarantee as it applies to the order (config), not a copy of the checkout screen: the order keeps none.
  terms: 'Garantia do pedido:',
  delivered: (date: string) => `E-mail de acesso aceito pelo servidor de e-mail do comprador em ${date}.`,
  notDelivered: 'Sem registro de entrega do e-mail de acesso.',
  // Every opening counts, those past the per-order cap too (src/server/access/access-repository.ts); an address is a
  // hashed client group, and openings recorded without one are said apart.
  openings: (count: number, addresses: number, withoutAddress: number) =>
    `A página de membro foi aberta ${count === 1 ? '1 vez' : `${count} vezes`}${addresses > 0 ? `, de ${addresses} ${addresses === 1 ? 'endereço' : 'endereços'} de internet` : ''}${withoutAddress === 0 ? '' : withoutAddress === count ? ' (endereço não registrado)' : ` (${withoutAddress} sem endereço registrado)`}:`,
  moreOpenings: (count: number, last: string) => `- mais ${count} ${count === 1 ? 'abertura' : 'aberturas'}, a última em ${last}`,
  noOpenings: 'A página de membro não foi aberta.',
  refundRequests: 'Pedidos de reembolso:',
  noRefundRequests: 'O comprador não pediu reembolso pela garantia.',
  reviews: 'Avaliações do comprador:',
  closing: {
    used: 'O produto foi entregue e a página de membro foi aberta; pedimos que a contestação seja rejeitada.',
    delivered: 'O produto foi entregue; pedimos que a contestação seja rejeitada.',
    recorded: 'Pedimos que a contestação seja rejeitada com base nos registros acima.',
  },
};

/** The seller's dispute alerts on an order's timeline (src/server/subscribers.ts). */
export const disputeAlertTimeline = {
  queued: 'Alerta de contestação na fila',
  sent: 'Alerta de contestação enviado a você',
  failed: 'Falha ao enviar o alerta de contestação',
};
