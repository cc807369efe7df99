/**
 * The console's push notifications (docs/notifications.md): what each says on the seller's phone, and the console's
 * "Notificações" panel. A notification names only the order's reference and amounts, never a buyer's name or contact.
 */
export const pushMessages = {
  sale: (amount: string) => `Venda aprovada! ${amount}`,
  salesToday: (count: number, total: string) => `${count} vendas hoje · ${total}`,
  lastSale: (amount: string, items: string) => `Última: ${amount} · ${items}`,
  disputeOpened: (amount: string) => `Contestação aberta · ${amount}`,
  disputeReminder: (left: string) => `Contestação: faltam ${left} para a defesa`,
  disputeWon: 'Contestação ganha',
  disputeLost: 'Contestação perdida',
  disputeBody: (ref: string, due: string) => `Pedido ${ref} · ${due}`,
  refundAsked: (amount: string) => `Reembolso pedido · ${amount}`,
  refundAskedBody: (ref: string) => `Pedido ${ref}: aprove ou recuse no painel.`,
  refundFailed: 'Reembolso automático falhou',
  refundFailedBody: (ref: string) => `Pedido ${ref}: veja o motivo e devolva pelo painel.`,
  providerDown: (provider: string) => `Provedor com problema: ${provider}`,
  providerDownBody: (what: string) => `Não conseguimos ler ${what} há mais de uma hora.`,
  providerBack: (provider: string) => `${provider} voltou`,
  providerBackBody: (what: string) => `Voltamos a ler ${what}.`,
};

export const notificationsApi = {
  badEndpoint: 'Este endereço de notificações não é de um serviço de push do navegador.',
  deviceNotFound: 'Aparelho não encontrado.',
};
