/**
 * The seller's words about a provider's background reads that fail (docs/payments.md#loud): Saúde's lines, the hour
 * alert by e-mail and WhatsApp, and the fix each failure names.
 */

/** What each read is, as Saúde, the e-mail and WhatsApp's {{1}} name it. */
export const backgroundReadNames = {
  disputes: {
    what: 'as contestações (MED)',
    risk: 'uma contestação nova não chega ao painel nem ao seu e-mail, e o prazo da defesa (2 a 3 dias) pode passar.',
    fix: 'Corrija o que a mensagem pede no painel do provedor e toque em “Verificar contestações agora”. Enquanto a lista não for lida, uma contestação pode passar do prazo da defesa sem aviso.',
    action:
      'Corrija o que a mensagem pede no painel da {provider} e toque em “Verificar contestações agora” em Saúde. Avisamos uma vez por falha.',
  },
  charges: {
    what: 'os pagamentos PIX',
    risk: 'um PIX pago cujo aviso se perdeu não libera o acesso, e um estorno ou uma contestação feitos no painel do provedor não chegam à loja.',
    fix: 'Corrija o que a mensagem pede no painel do provedor ou nas variáveis da loja; a próxima leitura, em até um minuto, limpa esta linha. Enquanto falhar, um PIX pago cujo aviso se perdeu não libera o acesso.',
    action:
      'Corrija o que a mensagem pede no painel da {provider} ou nas variáveis da loja e confira Saúde no painel. Avisamos uma vez por falha.',
  },
  refunds: {
    what: 'os reembolsos em andamento',
    risk: 'um reembolso que terminou no provedor não encerra o acesso do comprador, e um recusado não volta para você decidir.',
    fix: 'Corrija o que a mensagem pede no painel do provedor ou nas variáveis da loja; a próxima leitura do reembolso limpa esta linha. Enquanto falhar, o fim de um reembolso no provedor não chega à loja.',
    action:
      'Corrija o que a mensagem pede no painel da {provider} ou nas variáveis da loja e confira Saúde no painel. Avisamos uma vez por falha.',
  },
  bank_payments: {
    what: 'os pagamentos pelo app do banco (Open Finance)',
    risk: 'um pagamento feito no app do banco cujo aviso se perdeu não libera o acesso do comprador.',
    fix: 'Corrija o que a mensagem pede no painel do provedor ou nas variáveis da loja; a próxima leitura limpa esta linha. Enquanto falhar, um pagamento pelo app do banco cujo aviso se perdeu não libera o acesso.',
    action:
      'Corrija o que a mensagem pede no painel da {provider} ou nas variáveis da loja e confira Saúde no painel. Avisamos uma vez por falha.',
  },
} as const;

export type BackgroundReadName = keyof typeof backgroundReadNames;

/** Each failure's fix, added to what the provider's module said. */
export const readFailureFix = {
  credentials: (provider: string) =>
    `As credenciais foram recusadas (HTTP 401): confira as chaves da ${provider} nas variáveis da loja (as mesmas do painel do provedor) e reinicie a loja.`,
  forbidden: (provider: string) =>
    `Acesso negado (HTTP 403): a conta ou a aplicação da ${provider} não tem permissão para esta leitura; confira as permissões da chave no painel do provedor.`,
  scope: (scope: string) => `Acesso negado (HTTP 403): ative o escopo ${scope} na aplicação da Efí (API > Aplicações) e reinicie a loja.`,
  throttled: (provider: string) =>
    `A ${provider} pediu para esperar (HTTP 429, limite de requisições): as leituras automáticas dela ficam pausadas pelo tempo que ela pediu (sem prazo dado, um tempo que dobra a cada recusa). Se repetir, veja se outro sistema usa as mesmas credenciais.`,
  unavailable: (provider: string, status: number) =>
    `A ${provider} respondeu com erro (HTTP ${status}): a falha é dela; a loja tenta de novo sozinha. Se durar, veja a página de status da ${provider}.`,
  unavailableWait: (provider: string, status: number) =>
    `A ${provider} está indisponível (HTTP ${status}) e pediu para esperar: as leituras automáticas dela ficam pausadas pelo tempo que ela pediu.`,
  network: (provider: string) =>
    `A ${provider} não respondeu (conexão recusada, tempo esgotado ou rede): confira o endereço da API nas variáveis da loja e se o servidor da loja chega à internet.`,
} as const;

/** Saúde's lines: one check per read, a line per provider. */
export const backgroundReadHealth = {
  ok: (provider: string, at: string) => `${provider}: lida em ${at}`,
  never: (provider: string) => `${provider}: ainda não lida`,
  failing: (provider: string, message: string, since: string, last: string | null) =>
    `${provider}: falhando desde ${since}${last ? ` (última leitura boa em ${last})` : ' (nunca lida)'}. ${message}`,
  paused: (until: string) => `Leituras pausadas até ${until}.`,
} as const;
