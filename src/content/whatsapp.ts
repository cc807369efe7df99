/**
 * The WhatsApp messages (docs/whatsapp.md): the three utility templates exactly as the seller
 * registers them at Meta, the stop page, and the seller's reasons when WhatsApp cannot be used.
 *
 * Meta keeps the templates' words; the server sends only the variables, in the order of their
 * numbers. These texts are the ones docs/whatsapp.md prints for pasting (a test holds them equal)
 * and the console's preview of a message. Meta refuses a body that starts or ends with a variable.
 */

export interface WhatsappTemplateText {
  /** What the template is for, in Meta's template manager. */
  purpose: string;
  /** The body, with {{1}}, {{2}}… */
  body: string;
  /** Each variable of the body, in order: what it holds and an example Meta asks for. */
  variables: ReadonlyArray<{ holds: string; example: string }>;
  /** The URL button: its label, the site's path before the variable suffix, what the suffix is, and an example. */
  button: { text: string; path: string; holds: string; example: string };
}

const STOP_LINE = 'Não quer mais mensagens? Responda PARAR ou abra';

/** The variables and the button the templates share, each described once for Meta's template manager. */
const variable = {
  firstName: { holds: 'o primeiro nome do comprador', example: 'Maria' },
  amount: { holds: 'o valor do PIX', example: 'R$ 19,90' },
  product: { holds: 'o nome do produto', example: 'Lista de Fornecedores Secretos Vitalícia' },
  stopLink: {
    holds: 'o link para parar as mensagens',
    example: 'https://loja.example.com/pedido/ref_3pBxK9qW2mZ8vT4nY7cR1A/whatsapp/q8Yw2LzN4rT6vB1mK9xC3dF7hJ5sA0pE',
  },
} as const;
const orderButton = {
  text: 'Ver meu pedido',
  path: '/pedido/',
  holds: 'a referência do pedido',
  example: 'ref_3pBxK9qW2mZ8vT4nY7cR1A',
} as const;

/** {{1}} when the name typed at checkout is no plain first name (a URL, a number): "Olá, cliente!". */
export const whatsappNameFallback = 'cliente';

export const whatsappTemplates = {
  pix: {
    purpose: 'O PIX, logo depois de gerado',
    body: `Olá, {{1}}! Seu PIX de {{2}} para {{3}} foi gerado.

Código PIX copia e cola:
{{4}}

No app do seu banco, escolha PIX Copia e Cola e cole o código. Ele vale até {{5}} (horário de Brasília).

${STOP_LINE} {{6}} e confirme.`,
    variables: [
      variable.firstName,
      variable.amount,
      variable.product,
      { holds: 'o código PIX copia e cola', example: '00020101021226820014br.gov.bcb.pix2560pix.example.com/qr/v2/9d36b84f' },
      { holds: 'até quando o código vale', example: '26/11/2026 às 20:15' },
      variable.stopLink,
    ],
    button: orderButton,
  },
  reminder: {
    purpose: 'Um lembrete antes de o PIX vencer',
    body: `Oi, {{1}}! Seu PIX de {{2}} para {{3}} ainda aguarda pagamento e vence em {{4}} (horário de Brasília).

Toque em "Ver meu pedido" para copiar o código e pagar no app do seu banco.

${STOP_LINE} {{5}} e confirme.`,
    variables: [
      variable.firstName,
      variable.amount,
      variable.product,
      { holds: 'quando o código vence', example: '26/11/2026 às 20:15' },
      variable.stopLink,
    ],
    button: orderButton,
  },
  access: {
    purpose: 'O acesso, depois do pagamento',
    body: `Pagamento confirmado, {{1}}! Seu acesso à {{2}} está liberado.

Toque em "Acessar minha lista" para abrir. O mesmo link também foi enviado para o seu e-mail.

${STOP_LINE} {{3}} e confirme.`,
    variables: [variable.firstName, variable.product, variable.stopLink],
    button: {
      text: 'Acessar minha lista',
      path: '/acesso/',
      holds: 'a chave do link de acesso',
      example: 'acc_Hq7mN2xP9vL4kR8tW1zY6bC3dF5gJ0sAqW2e',
    },
  },
} as const satisfies Record<'pix' | 'reminder' | 'access', WhatsappTemplateText>;

/** The page behind every message's stop link: a GET only asks (link previews open links), the button stops. */
export const whatsappStop = {
  title: 'Mensagens pelo WhatsApp',
  question: 'Parar as mensagens pelo WhatsApp?',
  explain:
    'Ao confirmar, não enviamos mais nenhuma mensagem pelo WhatsApp para o número deste pedido. Os e-mails do pedido continuam normalmente.',
  button: 'Parar as mensagens',
  doneTitle: 'Pronto!',
  done: 'Não enviaremos mais mensagens pelo WhatsApp para este número. O seu acesso e os e-mails do pedido continuam normalmente.',
  invalidTitle: 'Link inválido',
  invalid: 'Este link não é válido. Confira se ele está completo, como veio na mensagem.',
  orderLink: 'Ver meu pedido',
} as const;

/**
 * Why a message failed, for the seller, by Meta's error code (developers.facebook.com/documentation/
 * business-messaging/whatsapp/support/error-codes). `NO_ANSWER` is ours: two calls without an answer.
 */
export const WHATSAPP_NO_ANSWER = -1;

export function whatsappFailureReason(code: number | null): string {
  switch (code) {
    case WHATSAPP_NO_ANSWER:
      return 'a Meta não respondeu a duas tentativas; a mensagem não foi reenviada para não chegar em dobro';
    case 131026:
      return 'o número não está no WhatsApp ou não pode receber mensagens de empresas';
    case 132015:
      return 'a Meta pausou o modelo de mensagem por baixa qualidade';
    case 132016:
      return 'a Meta desativou o modelo de mensagem';
    case 132001:
      return 'o modelo de mensagem não existe na Meta com esse nome e idioma (confira WHATSAPP_TEMPLATE_* e docs/whatsapp.md)';
    case 132000:
    case 132012:
      return 'as variáveis do modelo de mensagem na Meta não são as de docs/whatsapp.md';
    case 130429:
    case 131056:
      return 'limite de envios da Meta atingido';
    case 190:
      return 'o token do WhatsApp (WHATSAPP_TOKEN) expirou ou foi revogado';
    case null:
      return 'a Meta não disse o motivo, ou não foi possível falar com ela';
    default:
      return code >= 132000 && code < 133000
        ? `a Meta recusou o modelo de mensagem (código ${code})`
        : `a Meta recusou a mensagem (código ${code})`;
  }
}

/**
 * The console's "Cobrar no WhatsApp" (docs/whatsapp.md#the-console): the message wa.me opens,
 * which the seller can still edit in WhatsApp before sending. It carries the amount and the order
 * page, never the PIX code: a wa.me URL sits in the browser's history and WhatsApp's link preview.
 */
export function whatsappConsoleText(message: { name: string; amount: string; orderUrl: string }): string {
  const greeting = message.name ? `Olá, ${message.name}!` : 'Olá!';
  return `${greeting} Vi que o seu PIX de ${message.amount} ainda está em aberto. O código para pagar está na página do seu pedido: ${message.orderUrl}\n\nQualquer dúvida, é só responder por aqui.`;
}
