/**
 * The member area (`/acesso`): the paid buyer's supplier list, and the form that re-sends the
 * access link. Also the messages its API answers with, so the page and the server say the same.
 */

import { formatCount } from '../shared/text.ts';

export const members = {
  loading: 'Carregando sua lista…',
  greeting: (firstName: string) => (firstName ? `Olá, ${firstName}!` : 'Olá!'),
  intro: 'Esta é a sua lista de fornecedores. Guarde o link do e-mail: ele é o seu acesso vitalício.',
  /** The same with the order bump's list too. */
  introLists: 'Estas são as suas listas de fornecedores. Guarde o link do e-mail: ele é o seu acesso vitalício.',
  updatedAt: (date: string) => `Atualizada em ${date}`,
  notUpdatedYet: 'A lista está sendo preparada. Volte em breve.',
  search: {
    label: 'Buscar fornecedor',
    placeholder: 'Nome, serviço ou categoria',
    results: (shown: number, total: number) =>
      shown === total ? `${formatCount(total, { one: 'fornecedor', other: 'fornecedores' })}` : `${shown} de ${total} fornecedores`,
    empty: (query: string) => `Nenhum fornecedor encontrado para “${query}”.`,
    emptyHint: 'Tente outra palavra, como o nome do app ou da categoria.',
    clear: 'Limpar busca',
  },
  categoryCount: (count: number) => `${formatCount(count, { one: 'fornecedor', other: 'fornecedores' })}`,
  listEmpty: 'Ainda não há fornecedores na lista. Volte em breve: ela é atualizada toda semana.',
  /** Above a list that is still the demo's example set (content/example-lists.ts). */
  example: {
    badge: 'Exemplo',
    text: 'Estes fornecedores são exemplos fictícios do modo demonstração. Os contatos reais aparecem aqui quando o vendedor importar a lista dele.',
  },
  /** The switch between the lists when the order opened more than one (the order bump's). */
  lists: {
    label: 'Suas listas',
    count: (count: number) => formatCount(count, { one: 'fornecedor', other: 'fornecedores' }),
  },
  contact: {
    whatsapp: 'WhatsApp',
    telegram: 'Telegram',
    /** Screen readers hear who the link is for, not only "WhatsApp" repeated down the page. */
    whatsappLabel: (name: string) => `WhatsApp de ${name} (abre em nova aba)`,
    telegramLabel: (name: string) => `Telegram de ${name} (abre em nova aba)`,
  },
  signedOut: {
    title: 'Acesse sua lista',
    text: 'Para ver a lista, abra o link que enviamos para o seu e-mail depois da compra.',
  },
  invalidLink: {
    title: 'Link inválido ou revogado',
    text: 'Este link de acesso não existe ou não está mais ativo. Se você comprou, peça o link de novo abaixo.',
  },
  /** `/acesso?encerrado`, or a session whose order was refunded: no "link inválido", and no resend form. */
  ended: {
    title: 'Acesso encerrado',
    text: 'Esta compra foi reembolsada: o valor foi devolvido pelo PIX e o acesso à lista de fornecedores foi encerrado.',
    help: 'Se você acha que isso é um engano, ou se tiver qualquer dúvida, fale com o suporte.',
    contact: 'Escrever para o suporte',
  },
  loadError: {
    text: 'Não foi possível carregar sua lista. Verifique sua internet e tente novamente.',
    retry: 'Tentar novamente',
  },
  resend: {
    title: 'Reenviar meu acesso',
    text: 'Digite o e-mail que você usou na compra. Se houver uma compra confirmada, enviamos o link de acesso de novo.',
    email: 'E-mail da compra',
    emailPlaceholder: 'voce@exemplo.com',
    submit: 'Reenviar meu acesso',
    sending: 'Enviando…',
    /** The same whether or not the e-mail bought: the form must not reveal who is a buyer. */
    confirmation:
      'Pronto! Se este e-mail tiver uma compra confirmada, o link de acesso chega em alguns minutos. Confira também a caixa de spam.',
    network: 'Sem conexão. Verifique sua internet e tente novamente.',
  },
  support: {
    /** Followed by the support address as a mailto link. */
    lead: 'Precisa de ajuda? Escreva para',
    withoutEmail: 'Precisa de ajuda? Responda o e-mail da sua compra.',
  },
  /** What the API answers (GET /api/access, POST /api/access/resend). */
  api: {
    signedOut: 'Abra o link de acesso enviado para o seu e-mail.',
    revoked: 'Este acesso não está mais ativo.',
    emailInvalid: 'Informe um e-mail válido.',
    tooLarge: 'Dados grandes demais.',
    tooManyRequests: 'Muitas tentativas. Aguarde um pouco e tente novamente.',
  },
} as const;

/** The member area's title and description: private, never indexed (its entry in shared/routes.ts says noindex). */
export const accessMeta = {
  title: 'Sua lista de fornecedores',
  description: 'Área do comprador da Lista de Fornecedores Secretos Vitalícia.',
} as const;
