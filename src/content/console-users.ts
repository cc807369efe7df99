/**
 * Console users by name (docs/editing.md#users): the owner's "Usuários", the invitation's page (its e-mail is in emails.ts), the
 * server's refusals, and each version's sales (Visão geral, for those who may see orders).
 */
import type { ConsolePermission } from '../shared/admin-users.ts';
import { visitorUnit } from './experiments.ts';

export const consoleUsers = {
  api: {
    forbidden: 'Seu usuário não tem permissão para isto. Peça ao proprietário do painel.',
    inviteGone: 'Este convite já foi usado ou expirou. Peça um novo ao proprietário do painel.',
    emailTaken: 'Já há um usuário com este e-mail.',
    userNotFound: 'Usuário não encontrado (ou já removido).',
    invalid: 'Confira os campos: nome com pelo menos 2 letras e senha com pelo menos 12 caracteres.',
  },
  permissions: {
    page: 'Editar a página',
    orders: 'Ver pedidos e dados dos compradores',
    refunds: 'Reembolsar e responder contestações',
  } satisfies Record<ConsolePermission, string>,
  section: {
    tab: 'Usuários',
    title: 'Usuários do painel',
    intro: 'Convide quem ajuda você, cada um com sua senha. Você escolhe o que cada um pode fazer; configurações e usuários são só seus.',
    inviteTitle: 'Convidar por e-mail',
    email: 'E-mail',
    invite: 'Enviar convite',
    inviting: 'Enviando…',
    invited: (email: string) => `Convite enviado para ${email}. O link vale por 72 horas e funciona uma vez:`,
    notEmailed: (email: string) =>
      `O e-mail para ${email} não saiu. Envie este link por outro meio; ele vale por 72 horas e funciona uma vez:`,
    users: 'Usuários',
    none: 'Ninguém convidado ainda.',
    pending: 'Convites pendentes',
    expires: (when: string) => `vale até ${when}`,
    revoked: (when: string) => `removido em ${when}`,
    save: 'Salvar permissões',
    saved: 'Permissões salvas.',
    revoke: 'Remover',
    confirmRevokeTitle: (name: string) => `Remover ${name}?`,
    confirmRevokeBody: 'As sessões abertas terminam na hora; o convite não pode ser reaproveitado. Para voltar, envie um novo convite.',
    owner: 'Proprietário',
  },
  accept: {
    title: 'Aceitar convite do painel',
    intro: (email: string) => `Convite para ${email}. Escolha como você aparece no histórico e sua senha.`,
    name: 'Seu nome',
    password: 'Sua senha (12 caracteres ou mais)',
    submit: 'Criar meu acesso',
    submitting: 'Criando…',
    gone: 'Este convite já foi usado ou expirou. Peça um novo ao proprietário do painel.',
  },
  login: {
    email: 'E-mail (usuários convidados)',
    emailHint: 'Deixe em branco se você é o proprietário e entra com ADMIN_PASSWORD.',
  },
  history: {
    by: (name: string) => `por ${name}`,
    unnamedSession: 'sessão sem nome',
    changed: 'Mudou',
    nothingChanged: 'sem mudanças de conteúdo',
  },
  figures: {
    title: 'Vendas de cada versão',
    caption: 'Visitantes, checkouts e PIX pagos contados enquanto cada versão esteve no ar; receita líquida (pago − reembolsado).',
    version: 'Versão',
    live: 'No ar',
    visitors: visitorUnit.label,
    visitorsHint: visitorUnit.hint,
    checkouts: 'Checkouts',
    paid: 'PIX pagos',
    conversion: 'Conversão',
    revenuePerVisitor: 'Receita/visitante',
    revenue: 'Receita',
    since: 'até agora',
  },
} as const;
