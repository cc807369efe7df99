import type { AffiliateFormMessages } from '../shared/affiliates.ts';

export const affiliateFormMessages = {
  nameRequired: 'Informe seu nome completo.',
  emailInvalid: 'Informe um e-mail válido.',
  documentInvalid: 'CPF ou CNPJ inválido.',
  pixKeyInvalid: 'Chave PIX inválida: use CPF, CNPJ, e-mail, celular com DDD ou chave aleatória.',
  promotesRequired: 'Conte onde você vai divulgar (grupo, perfil, canal).',
  requestInvalid: 'Os dados chegaram incompletos. Recarregue a página e tente de novo.',
} as const satisfies AffiliateFormMessages;
