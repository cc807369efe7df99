import type { CheckoutFormMessages } from '../shared/checkout.ts';
import { formatBRL } from '../shared/money.ts';

/** The payment modal and the checkout API's messages (docs/product.md#the-journey "Payment modal", docs/product.md#screen-states, docs/product.md#the-buyer-form, docs/product.md#error-messages-shown-to-buyers). */
export const checkout = {
  title: 'Lista de Fornecedores Secretos Vitalícia',
  priceCaption: 'Pagamento único',
  benefits: ['R$ 8 de crédito hoje', 'Fornecedores verificados', 'Acesso vitalício', 'Revenda permitida'],
  savingClaim: '+ R$ 220 por mês',
  savingCaption: 'de economia estimada com a lista',
  form: {
    legend: 'Seus dados para receber o acesso',
    name: 'Nome completo',
    namePlaceholder: 'Como está no seu documento',
    email: 'E-mail',
    emailPlaceholder: 'voce@exemplo.com',
    emailHint: 'O acesso será enviado para este e-mail.',
    /** "Você quis dizer joana@gmail.com?": the address is a button that fixes the field. */
    emailSuggestion: { before: 'Você quis dizer ', after: '?' },
    phone: 'WhatsApp',
    phonePlaceholder: '(11) 98765-4321',
    /**
     * Below the phone, never ticked by the page (LGPD art. 8): the server stores these exact words
     * and their version with the order (docs/whatsapp.md#consent). Change the version with the words.
     */
    whatsappConsent: {
      label: 'Quero receber o PIX e o acesso pelo WhatsApp',
      hint: 'Opcional. Para parar, é só responder PARAR.',
      version: '2026-11',
    },
    document: 'CPF',
    documentPlaceholder: '000.000.000-00',
    documentHint: 'Exigido pelo banco para gerar o PIX.',
    submit: 'GERAR PIX',
    processing: 'Processando...',
    privacy: 'Seus dados são usados apenas para entregar o seu acesso.',
  },
  loadingProduct: 'Carregando…',
  retryProduct: 'Tentar novamente',
  close: 'Fechar',
  errors: {
    noProduct: 'Erro: informações do produto não disponíveis.',
    generic: 'Erro ao processar pagamento',
    network: 'Sem conexão. Verifique sua internet e tente novamente.',
    soldOut: (nextBatchDate: string) => `As vagas deste mês esgotaram. O próximo lote abre em ${nextBatchDate}.`,
    tooManyAttempts: 'Muitas tentativas de pagamento seguidas. Aguarde alguns minutos e tente novamente.',
    restarting: 'Estamos atualizando o sistema. Tente novamente em alguns segundos.',
    tooManyOpenCharges: 'Já existem vários PIX em aberto feitos desta conexão. Pague um deles ou aguarde alguns minutos para gerar outro.',
    /** A PIX the buyer replaced with a new checkout (the bump ticked or unticked): only the newest is payable. */
    replaced: 'Este PIX foi substituído por um novo, com o valor atualizado. Use o PIX mais recente.',
    /** A new checkout's PIX cancelled because an earlier PIX of the buyer turned out paid: what is left, if anything. */
    paidElsewhere: ({ amountCents, items }: { amountCents: number; items: ReadonlyArray<{ title: string }> }) =>
      amountCents > 0
        ? `Seu PIX anterior já foi pago, e o que ele comprou já é seu. Cancelamos este PIX para você não pagar duas vezes. Falta pagar só ${items.map((item) => item.title).join(' e ')}: ${formatBRL(amountCents)}.`
        : 'Seu PIX anterior já foi pago, e tudo deste pedido já é seu. Cancelamos este PIX para você não pagar duas vezes.',
    /** The seller published new prices after this checkout showed the old ones: nothing was charged (docs/editing.md#prices). */
    priceChanged: 'O preço foi atualizado desde que você abriu a página. Confira o novo valor acima e toque de novo para gerar o PIX.',
  },
  pix: {
    success: 'Pagamento gerado com sucesso! Use as informações abaixo para pagar.',
    amountLabel: 'Valor a pagar',
    qrAlt: 'QR Code PIX para pagar',
    qrMissing: 'QR Code não disponível',
    copyLabel: 'PIX copia e cola',
    copy: 'Copiar',
    copied: '✓ Copiado',
    /** Phones (under 640 px): the big button that leads the panel. */
    copyCode: 'Copiar código PIX',
    codeCopied: '✓ Código copiado',
    share: 'Compartilhar',
    shareTitle: 'Código PIX',
    /** Phones: the QR, for paying with another device, sits behind this. */
    otherDevice: 'Pagar com outro aparelho',
    expiresIn: (timeLeft: string) => `Este código expira em ${timeLeft}`,
    expired: 'Este código expirou.',
    regenerate: 'Gerar novo código',
    stepsTitle: 'Como pagar',
    /** `amount`: the PIX's own total (formatBRL), which differs from the price when the order has the bump. */
    steps: (amount: string) => [
      'Abra o app do seu banco e escolha pagar com PIX.',
      'Escaneie o QR Code ou cole o código copiado.',
      `Confira o valor de ${amount} e confirme o pagamento.`,
      'Pronto! O acesso chega no seu e-mail assim que o pagamento for confirmado.',
    ],
    /** The same steps on a phone, where the QR cannot be scanned by the phone showing it. */
    phoneSteps: (amount: string) => [
      'Toque em "Copiar código PIX".',
      'Abra o app do seu banco e escolha PIX Copia e Cola.',
      `Cole o código, confira o valor de ${amount} e confirme o pagamento.`,
      'Pronto! O acesso chega no seu e-mail assim que o pagamento for confirmado.',
    ],
    security: 'Pagamento processado com segurança pelo seu banco via PIX. Não pedimos senhas nem dados do cartão.',
    /**
     * `guaranteeDays`: GUARANTEE_DAYS from the public config. Typed out rather than built with
     * content/guarantee.ts: a module shared with the pages would be one more small file for the
     * checkout to fetch before the modal opens.
     */
    guarantee: (guaranteeDays: string) => `Garantia de ${guaranteeDays} dias: se não gostar, peça o reembolso e devolvemos 100% do valor.`,
    spotSecured: 'Sua vaga fica garantida assim que o pagamento for confirmado.',
    /** A re-checkout with the bump at a provider that cannot cancel the open PIX: two codes, both to pay. */
    twoCodes: {
      note: (addonTitle: string, addonAmount: string) =>
        `Seu PIX anterior continua valendo para o produto principal. Para levar também ${addonTitle}, pague um segundo PIX de ${addonAmount}. São dois códigos: pague os dois.`,
      mainHeading: (amount: string) => `1º PIX: produto principal — ${amount}`,
      addonHeading: (addonTitle: string, amount: string) => `2º PIX: ${addonTitle} — ${amount}`,
      addonAfterMain:
        'Se este for pago antes do primeiro, ele é liberado junto com o produto principal; se o primeiro vencer sem pagamento, devolvemos este valor.',
      copyAddon: 'Copiar código do 2º PIX',
      sandboxLink: 'Simular o pagamento do 2º PIX',
    },
    waiting: 'Aguardando o pagamento…',
    alreadyPaid: 'Já paguei',
    checking: 'Verificando…',
    sandboxNote: 'Ambiente de testes: nenhum dinheiro real é cobrado.',
    sandboxLink: 'Simular o pagamento deste PIX',
  },
  paid: {
    title: 'Pagamento confirmado!',
    text: 'Obrigado pela compra. Enviamos o link de acesso para o seu e-mail — ele funciona em qualquer aparelho.',
    cta: 'Acessar minha lista agora',
    /** Paid, seen from another tab or device, or some time after payment: the link is only in the e-mail. */
    sentByEmail: 'Seu acesso foi enviado para o e-mail informado na compra. Abra o link do e-mail para ver a sua lista.',
    reversed: 'Este pagamento foi estornado e o acesso foi cancelado.',
  },
} as const;

/** The buyer form's field messages, the same in the browser and in the API's replies (shared/checkout.ts). */
export const checkoutFormMessages = {
  nameRequired: 'Informe seu nome completo.',
  emailInvalid: 'Informe um e-mail válido.',
  phoneInvalid: 'Telefone inválido',
  documentInvalid: 'CPF inválido',
  keyInvalid: 'Chave de pagamento inválida.',
  bumpInvalid: 'Escolha com ou sem o adicional e tente de novo.',
  requestInvalid: 'Os dados do pedido chegaram incompletos. Recarregue a página e tente de novo.',
} as const satisfies CheckoutFormMessages;
