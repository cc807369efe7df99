/**
 * The console's push notifications (docs/notifications.md): what each says on the seller's phone, and the console's
 * "Notificações" panel. A notification names only the order's reference and amounts, never a buyer's name or contact.
 */
import type { PushKind } from '../shared/push.ts';

export const pushKindLabels: Record<PushKind, { name: string; hint: string }> = {
  sale: { name: 'Venda aprovada', hint: 'Cada PIX pago, com o valor e o que foi comprado; várias viram uma só com o total do dia.' },
  dispute: { name: 'Contestação', hint: 'Aberta, com o prazo; de novo 24 h e 6 h antes dele; ganha ou perdida.' },
  refund: { name: 'Reembolso pedido', hint: 'Quando você precisa decidir, e quando um reembolso automático falha.' },
  provider: { name: 'Provedor com problema', hint: 'Um provedor de PIX falhando há uma hora, e quando volta.' },
  experiment: { name: 'Teste A/B', hint: 'Um teste que chegou a um resultado, ou parado pela checagem da divisão.' },
};

export const notificationsPanel = {
  title: 'Notificações',
  intro: 'Receba no celular cada venda, contestação, pedido de reembolso e problema de provedor, sem app de loja.',
  enable: 'Ativar notificações neste aparelho',
  enabling: 'Ativando…',
  enabled: 'Notificações ativadas neste aparelho.',
  unsupported:
    'Este navegador não recebe notificações. No iPhone, instale o painel na Tela de Início (iOS 16.4 ou mais novo) e abra por lá.',
  denied: 'As notificações estão bloqueadas para este site. Libere nas configurações do navegador e tente de novo.',
  failed: 'Não deu para ativar agora. Tente de novo.',
  devices: 'Seus aparelhos',
  noDevices: 'Nenhum aparelho recebe notificações.',
  thisDevice: '(este aparelho)',
  remove: 'Remover',
  lastSent: (when: string) => `Última: ${when}`,
  neverSent: 'Nenhuma enviada ainda',
  kinds: 'O que toca',
  quiet: 'Silêncio',
  quietHint:
    'Nesse horário (de Brasília) as notificações chegam sem som, menos as de contestação perto do prazo. Mesmo horário nos dois campos: sem silêncio.',
  quietFrom: 'Das',
  quietTo: 'às',
  save: 'Salvar',
  saved: 'Salvo.',
  install: 'Instalar no celular',
  installIphone: 'No iPhone: toque em Compartilhar → Adicionar à Tela de Início.',
  installed: 'O painel já está instalado neste aparelho.',
  offline: (when: string) => `Sem conexão: mostrando os números de ${when}.`,
  unknownDevice: 'Navegador',
};

/** Saúde's line about push. */
export const pushHealth = {
  title: 'Notificações no celular',
  devices: (count: number) => (count === 1 ? '1 aparelho' : `${count} aparelhos`),
  lastSent: 'Última enviada',
  lastFailure: 'Última falha',
  none: '—',
};

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
  experimentVerdict: 'Teste A/B com resultado',
  experimentHeld: 'Teste A/B em espera',
  experimentBody: (name: string, verdict: 'winner' | 'no-difference' | 'inconclusive' | 'held') =>
    `${name}: ${{ winner: 'uma versão venceu.', 'no-difference': 'as versões vendem igual.', inconclusive: 'terminou sem vencedora.', held: 'a divisão dos visitantes saiu do planejado; confira antes de decidir.' }[verdict]}`,
  providerBack: (provider: string) => `${provider} voltou`,
  providerBackBody: (what: string) => `Voltamos a ler ${what}.`,
};

export const notificationsApi = {
  badEndpoint: 'Este endereço de notificações não é de um serviço de push do navegador.',
  deviceNotFound: 'Aparelho não encontrado.',
};

/** The installed console's name on the phone's home screen (web app manifest). */
export const consoleApp = {
  name: (shop: string) => `Painel · ${shop}`,
  shortName: 'Painel',
  description: 'Vendas, contestações e reembolsos da sua loja.',
};
