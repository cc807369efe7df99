import { REFUND_ANSWER_DAYS } from '../shared/guarantee.ts';
import { CONVERSION_DATA_RETENTION_DAYS, MEMBER_PAGE_OPEN_RETENTION_DAYS, WEBHOOK_AUDIT_RETENTION_DAYS } from '../shared/retention.ts';
/**
 * The terms of use (/termos) and the privacy policy (/privacidade), written for this product.
 *
 * The seller's identity comes from configuration at runtime, so each page is a function of it and
 * nothing here names a real person. Keep these texts true to what the code does: if the site starts
 * collecting something new or sharing data with someone new, the privacy policy changes with it.
 */
import { guaranteeTitle } from './guarantee.ts';
import { site } from './site.ts';

/** Who sells, as the seller configures it. */
export interface SellerIdentity {
  /** Full name or company name. */
  readonly name: string;
  /** CPF or CNPJ, formatted. */
  readonly document: string;
  /** Postal address, on one line. */
  readonly address: string;
  readonly supportEmail: string;
}

export interface LegalSection {
  readonly heading: string;
  readonly paragraphs: readonly string[];
}

export interface LegalDocument {
  readonly title: string;
  readonly intro: string;
  readonly sections: readonly LegalSection[];
}

/** The document head of the two pages. */
export const legalPageMeta = {
  terms: {
    title: 'Termos de uso',
    description: `Condições de compra e uso da ${site.productName}.`,
  },
  privacy: {
    title: 'Política de privacidade',
    description: 'Quais dados coletamos, por que, por quanto tempo e como pedir a exclusão pela LGPD.',
  },
} as const;

/** `guaranteeDays`: GUARANTEE_DAYS as the public config carries it. */
export function termsOfUse(seller: SellerIdentity, guaranteeDays: string): LegalDocument {
  return {
    title: 'Termos de uso',
    intro: `Estes termos valem para a compra e o uso da ${site.productName}, vendida neste site por ${seller.name}. Ao comprar, você concorda com eles.`,
    sections: [
      {
        heading: 'Quem vende',
        paragraphs: [
          `Este site e a ${site.productName} são de ${seller.name}, inscrito no CPF/CNPJ ${seller.document}, com endereço em ${seller.address}. Para falar conosco, escreva para ${seller.supportEmail}.`,
        ],
      },
      {
        heading: 'O que você compra',
        paragraphs: [
          'Você compra o acesso a uma lista de contatos (WhatsApp e Telegram) de fornecedores independentes de assinaturas de streaming, música, jogos e recargas de celular. Nós não vendemos as assinaturas: elas são negociadas e pagas diretamente entre você e cada fornecedor.',
          'Os preços, os prazos e as condições das assinaturas são definidos por cada fornecedor. Os valores mostrados no site, como R$ 1,00 por mês, são exemplos de preços praticados pelos fornecedores da lista e podem variar.',
          'Este site não tem vínculo com as empresas donas dos serviços citados. As marcas pertencem aos seus donos e aparecem apenas para identificar os serviços.',
        ],
      },
      {
        heading: 'Preço e pagamento',
        paragraphs: [
          'O acesso custa o valor mostrado na página de compra, em pagamento único por PIX, sem mensalidade e sem cobrança recorrente.',
          'O PIX é processado pelo nosso gateway de pagamento. Não pedimos nem guardamos senhas ou dados de acesso ao seu banco.',
        ],
      },
      {
        heading: 'Entrega do acesso',
        paragraphs: [
          'Assim que o pagamento é confirmado, enviamos o link de acesso para o e-mail informado na compra. Confira se digitou o endereço corretamente; se a mensagem não chegar, procure na caixa de spam e fale com o suporte para reenviarmos.',
          'O link de acesso é pessoal. Não o publique nem o compartilhe: quem tiver o link consegue abrir a sua lista.',
        ],
      },
      {
        heading: 'Acesso vitalício e atualizações',
        paragraphs: [
          'O acesso é vitalício: não expira e não tem mensalidade; ele só é encerrado se a compra for reembolsada. A lista é revisada toda semana, e a página da lista mostra a data da última atualização.',
          'Os contatos mudam com o tempo: um fornecedor pode deixar de atender ou trocar de número. Por isso a lista é atualizada, mas não garantimos que cada contato continue disponível para sempre.',
        ],
      },
      {
        heading: 'Compras com os fornecedores',
        paragraphs: [
          'As contas compradas com os fornecedores duram, em média, de 3 a 6 meses, conforme o fornecedor e o serviço. Antes de pagar, combine com o fornecedor o preço, o prazo e as condições de reposição.',
          'Como não participamos dessas negociações, um problema com uma assinatura deve ser resolvido com o fornecedor que a vendeu. Se um contato da lista agir de má-fé, avise o suporte para que possamos revisá-lo.',
          'Cada serviço de streaming tem os seus próprios termos de uso, inclusive sobre o compartilhamento de contas. Cabe a você conferir as condições da assinatura que contratar.',
        ],
      },
      {
        heading: 'Revenda',
        paragraphs: [
          'Você pode revender as assinaturas que comprar com os fornecedores. A lista em si é para o seu uso: não é permitido copiar, publicar ou revender a lista nem o seu link de acesso.',
        ],
      },
      {
        heading: 'Bônus',
        paragraphs: [
          'Os bônus anunciados na página acompanham o acesso, sem custo adicional. Os valores informados para cada bônus são referências de preço e não são cobrados.',
        ],
      },
      {
        heading: guaranteeTitle(guaranteeDays),
        paragraphs: [
          `Você pode desistir da compra em até ${guaranteeDays} dias depois do pagamento, sem precisar justificar, e receber de volta 100% do valor pago. É o direito de arrependimento do artigo 49 do Código de Defesa do Consumidor, que vale para as compras feitas pela internet.`,
          'Para pedir o reembolso, abra a página da sua lista pelo link do e-mail de acesso (ou pelo link “Pedir reembolso” desse e-mail) ou a página do seu pedido, toque em “Pedir reembolso”, escolha um motivo se quiser e confirme. Como pede o artigo 5º do Decreto nº 7.962/2013, você desiste pelo mesmo site em que comprou, e recebe na hora um e-mail confirmando o pedido (“Recebemos seu pedido de reembolso”).',
          `Respondemos em até ${REFUND_ANSWER_DAYS} dias e devolvemos 100% do valor pelo PIX, para a mesma conta que fez o pagamento. Feito o reembolso, o acesso à lista é encerrado e você recebe o e-mail “Reembolso feito”.`,
          'Só recusamos um pedido informando o motivo, que enviamos a você por e-mail; nesse caso, o acesso continua ativo. Se não concordar, responda esse e-mail ou procure um órgão de defesa do consumidor.',
          `Se não conseguir abrir a página, escreva para ${seller.supportEmail} a partir do e-mail usado na compra, dentro do prazo. Depois de ${guaranteeDays} dias do pagamento, a página mostra que a garantia terminou; se tiver algum problema com a compra, fale com o suporte.`,
        ],
      },
      {
        heading: 'Suporte',
        paragraphs: [`Dúvidas, reenvio do acesso e ajuda com o reembolso: ${seller.supportEmail}.`],
      },
      {
        heading: 'Alterações destes termos',
        paragraphs: [
          'Podemos atualizar estes termos; a versão em vigor é sempre a publicada nesta página. Uma mudança não reduz os direitos de quem já comprou.',
        ],
      },
      {
        heading: 'Lei aplicável',
        paragraphs: [
          'Estes termos seguem as leis brasileiras, em especial o Código de Defesa do Consumidor. Você pode resolver qualquer conflito no foro do seu domicílio.',
        ],
      },
    ],
  };
}

/** `unpaidRetentionDays`: days an unpaid charge keeps the buyer's data (UNPAID_RETENTION_DAYS), as printed. */
export function privacyPolicy(seller: SellerIdentity, unpaidRetentionDays: string): LegalDocument {
  return {
    title: 'Política de privacidade',
    intro: `Esta política explica quais dados pessoais ${seller.name} coleta neste site, por que, por quanto tempo os guarda, com quem os compartilha e como você exerce os seus direitos pela Lei Geral de Proteção de Dados (LGPD, Lei nº 13.709/2018).`,
    sections: [
      {
        heading: 'Quem cuida dos seus dados',
        paragraphs: [
          `O controlador dos dados é ${seller.name}, CPF/CNPJ ${seller.document}, com endereço em ${seller.address}. Para qualquer assunto de privacidade, inclusive para falar com o encarregado pelo tratamento de dados, escreva para ${seller.supportEmail}.`,
        ],
      },
      {
        heading: 'O que coletamos',
        paragraphs: [
          'Na compra: o nome, o e-mail e o telefone que você digita no formulário e, quando ele for pedido, o CPF. Não pedimos dados de cartão nem senhas de banco.',
          'Na entrega do acesso: o horário em que o servidor de e-mail aceitou a mensagem com o seu acesso e o identificador dessa mensagem, e cada vez que a página da sua lista é aberta, o horário e um identificador do navegador cifrado por hash (nunca o endereço IP). É o registro de que o acesso foi entregue.',
          'Se você pedir o reembolso: a data do pedido, o motivo que escolher e o texto que escrever (os dois são opcionais), e a nossa decisão, com o motivo se o pedido for recusado.',
          'Se você escrever um depoimento: a nota, o texto, o nome que você escolher mostrar, a cidade e o estado (opcionais) e o momento em que autorizou a publicação. Alguns dias depois da compra enviamos um único e-mail perguntando como está sendo a lista; ele não é enviado se você pediu reembolso ou não quer mais lembretes.',
          'Na navegação: contamos as visitas às páginas e as etapas da compra de forma anônima, sem cookies e sem dados pessoais. Para mostrar quantas pessoas estão com a página aberta, o seu navegador envia de tempos em tempos um identificador aleatório, que não diz quem você é.',
          'Testes de versões da página (testes A/B): quando a loja testa dois textos, o servidor escolhe qual versão você vê a partir de um código calculado com o seu endereço IP, a identificação do navegador e um valor aleatório que muda todo dia. Sem o seu aceite no aviso de cookies, nada é guardado no seu aparelho; o código não revela o IP e não pode mais ser refeito depois que o valor do dia é apagado, dois dias depois. Se você aceitar os cookies de medição, guardamos no seu navegador um cookie nosso (vitrine_ab) com o teste e a versão que você viu, por até 90 dias, para você continuar vendo a mesma versão nos dias seguintes; ao recusar, ele é apagado. Se você comprar, o pedido anota qual versão você viu.',
          'No seu navegador: guardamos localmente se você já passou pela página de apresentação e a sua escolha no aviso de cookies.',
          'De onde você veio: se o link que trouxe você ao site tinha parâmetros de campanha (como utm_source ou o identificador do clique no anúncio), eles ficam guardados só nesta aba do navegador, sem cookies, e são anotados no pedido se você comprar, para sabermos quais anúncios trazem vendas.',
          'Links de afiliados: se você chegou pelo link de um afiliado da loja (com o parâmetro af), o código dele fica guardado só nesta aba do navegador, sem cookies, e é anotado no pedido se você comprar, para o afiliado receber a comissão. O código não muda o preço nem nada do que a página diz, e o afiliado nunca vê o seu nome nem os seus contatos. Se você aceitar os cookies de medição, guardamos também um cookie nosso (vitrine_af) com esse código, pelo prazo que a loja definiu (30 dias, se ela não mudou), para que uma compra feita em outro dia também conte para o afiliado; ao recusar, ele é apagado.',
          'Rastreadores de terceiros, como Google Analytics, Meta Pixel e Microsoft Clarity (que grava de forma anônima como a página é usada), só são carregados se você aceitar no aviso de cookies.',
          'Se você aceitou os rastreadores, anotamos no pedido os identificadores que eles criaram no seu navegador (cookies _fbp, _fbc e _ga), o seu endereço IP e a identificação do navegador, para informar a compra à Meta e ao Google pelo nosso servidor. Sem o aceite, nada disso é anotado nem enviado.',
        ],
      },
      {
        heading: 'Para que usamos',
        paragraphs: [
          'Nome, e-mail, telefone e CPF: para gerar a cobrança PIX, confirmar o pagamento, enviar o acesso por e-mail, prestar suporte e fazer reembolsos. A base legal é a execução do contrato de compra (art. 7º, V, da LGPD) e o cumprimento de obrigações legais, como as fiscais (art. 7º, II).',
          'Pedido de reembolso: para analisar e fazer o reembolso da garantia, também com base na execução do contrato (art. 7º, V). Registro de entrega: para mostrar que o acesso foi entregue se uma compra for contestada, com base no exercício regular de direitos (art. 7º, VI).',
          'Depoimento: para mostrá-lo na página de vendas com o selo “Compra verificada” e o mês da compra, somente com a sua autorização (art. 7º, I). O vendedor revisa antes de publicar e não altera o seu texto.',
          'Contagens anônimas: para saber quantas pessoas visitam o site e quantas compram, sem identificar ninguém.',
          'Rastreadores de terceiros: para medir campanhas de anúncios e melhorar o site, com base no seu consentimento (art. 7º, I), que você pode retirar quando quiser.',
          'Não usamos os seus dados para outras finalidades e não os vendemos.',
        ],
      },
      {
        heading: 'Mensagens pelo WhatsApp',
        paragraphs: [
          'Só enviamos mensagens pelo WhatsApp se você marcar, na compra, a opção “Quero receber o PIX e o acesso pelo WhatsApp”. Ela vem desmarcada; guardamos no pedido o momento em que você a marcou e o texto exato que foi mostrado. A base legal é o seu consentimento (art. 7º, I, da LGPD).',
          'São no máximo três mensagens por pedido, enviadas pela plataforma oficial do WhatsApp (Meta) para o telefone que você informou: o código PIX logo depois de gerado, com o valor e o link do pedido; um lembrete antes de o PIX vencer, se ele ainda não tiver sido pago (nenhum lembrete se você já pagou, neste ou em outro pedido); e o link de acesso depois do pagamento. Não enviamos propaganda, nem mensagens à noite (por padrão, nada entre 21h e 8h, horário de Brasília).',
          'Para parar, responda PARAR (ou SAIR) a qualquer mensagem, ou abra o link para parar que vai no fim de cada uma. Depois disso, não enviamos mais nenhuma mensagem pelo WhatsApp para esse número; os e-mails do pedido continuam normalmente.',
          'Guardamos um registro de cada mensagem (qual foi, quando e se foi entregue), sem o seu número e sem o texto, enquanto os demais dados do pedido. Quando você pede a exclusão, esse registro e o seu consentimento são apagados. Se você pediu para parar, guardamos apenas um código calculado a partir do número (não o número), para não voltar a enviar mensagens a ele.',
        ],
      },
      {
        heading: 'Por quanto tempo guardamos',
        paragraphs: [
          'Os dados da compra ficam guardados enquanto o seu acesso estiver ativo, para podermos reenviar o link e atender você, e depois disso apenas pelo prazo que a lei exige para registros fiscais e de consumo (em geral, 5 anos).',
          `Cobranças PIX que não foram pagas: o nome, o e-mail, o telefone e o CPF são apagados ${unpaidRetentionDays} dias depois da cobrança; ficam só as contagens anônimas.`,
          `Os avisos de pagamento que o gateway nos envia são guardados sem os seus dados pessoais, para auditoria, e apagados depois de ${WEBHOOK_AUDIT_RETENTION_DAYS} dias.`,
          `Os identificadores dos rastreadores, o endereço IP e a identificação do navegador anotados no pedido são apagados ${CONVERSION_DATA_RETENTION_DAYS} dias depois do pagamento, ou um dia depois que um PIX não pago expira.`,
          `O pedido de reembolso, a decisão sobre ele e o aceite do e-mail de acesso ficam guardados enquanto os demais dados do pedido; cada abertura da página da lista, por ${MEMBER_PAGE_OPEN_RETENTION_DAYS} dias. Tudo isso é apagado junto com os demais dados quando você pede a exclusão.`,
          'Se o seu banco aceitar uma contestação do PIX de uma compra (o MED), guardamos só uma impressão (hash) do e-mail, do CPF e do telefone usados nela, para que esses dados não gerem um novo PIX; não é possível ler os dados a partir dela. Ela é apagada junto com os demais dados quando você pede a exclusão, e o vendedor pode desfazer o bloqueio.',
          'O depoimento fica guardado até você retirá-lo, o que pode fazer a qualquer momento na página da sua lista: ele sai da página de vendas na hora. Quando você pede a exclusão dos seus dados, ele é apagado de todo lugar.',
          'Pagamento por biometria: se, depois de pagar no app do seu banco, você escolher “Salvar para pagar com biometria”, guardamos o identificador do vínculo que o seu banco criou com esta loja, o banco escolhido e o seu e-mail, para que o próximo pagamento seja só a sua confirmação no banco. Não guardamos dados da sua conta nem senhas; os limites ficam no seu banco. O vínculo fica guardado até você removê-lo na página da sua lista, o que também o cancela no banco. Quando você pede a exclusão dos seus dados, ele é cancelado no banco e o identificador é apagado.',
          'O identificador aleatório de presença é descartado pouco depois que você fecha a página, e os contadores usados contra abusos, em poucas horas. Os dados dos rastreadores de terceiros seguem os prazos de cada serviço.',
        ],
      },
      {
        heading: 'Com quem compartilhamos',
        paragraphs: [
          'Gateway de pagamento: recebe nome, e-mail, telefone e CPF para gerar e confirmar a cobrança PIX.',
          'Pagamento no app do banco (Open Finance, pela Efí): recebe o CPF e o banco que você escolhe para abrir o pagamento no seu banco; com o pagamento por biometria, também o identificador do vínculo, para cada pagamento e para cancelá-lo.',
          'Provedor de e-mail: recebe o seu nome e o seu e-mail para entregar a mensagem com o seu acesso e as mensagens sobre um reembolso.',
          'WhatsApp (Meta): somente se você pediu as mensagens pelo WhatsApp, recebe o seu telefone, o seu primeiro nome, o valor e o código PIX ou o link de acesso, para entregar as mensagens.',
          'Provedor de hospedagem: mantém o site e o banco de dados em que os pedidos ficam registrados.',
          'Google, Meta e Microsoft: somente se você aceitar os rastreadores no aviso de cookies. Quando você compra, informamos a compra também pelo nosso servidor à Meta (com o e-mail e o telefone cifrados por hash SHA-256) e ao Google, junto com os identificadores dos cookies deles, o endereço IP e a identificação do navegador. Esses serviços podem guardar dados fora do Brasil, nas condições previstas na LGPD.',
          'Ferramentas do vendedor (como CRM, automação ou emissão de nota fiscal), quando configuradas: recebem os dados do pedido, inclusive nome, e-mail, telefone e CPF, para atendimento e obrigações fiscais.',
          'Autoridades públicas: quando a lei ou uma ordem judicial exigir.',
          'Não compartilhamos os seus dados com os fornecedores da lista.',
        ],
      },
      {
        heading: 'Cookies e rastreadores',
        paragraphs: [
          'No aviso de cookies, você escolhe se aceita os rastreadores de terceiros. Sem o seu aceite, nenhum deles é carregado. Com o aceite, além dos cookies deles, guardamos o cookie vitrine_ab quando a loja faz um teste de versões da página e o cookie vitrine_af quando você chegou pelo link de um afiliado (veja acima). Você pode mudar de ideia a qualquer momento pelo link Preferências de cookies, no rodapé.',
        ],
      },
      {
        heading: 'Seus direitos e como pedir a exclusão',
        paragraphs: [
          'Pela LGPD (art. 18), você pode pedir a qualquer momento: a confirmação de que tratamos os seus dados; o acesso a eles; a correção de dados incompletos ou errados; a anonimização, o bloqueio ou a eliminação de dados desnecessários; a portabilidade; a informação sobre com quem os compartilhamos; e a eliminação dos dados tratados com o seu consentimento, bem como a revogação desse consentimento.',
          `Para pedir a exclusão dos seus dados ou exercer qualquer outro direito, escreva para ${seller.supportEmail} com o assunto "LGPD", a partir do e-mail usado na compra, para podermos confirmar que o pedido é seu. Respondemos em até 15 dias.`,
          'Quando você pede o acesso aos seus dados, enviamos também o seu pedido de reembolso, a decisão sobre ele, o registro de entrega do acesso e o seu depoimento.',
          'Depois da exclusão, não conseguiremos mais reenviar o seu acesso. Os dados que a lei nos obriga a guardar, como os registros fiscais, ficam apenas pelo prazo legal e são apagados em seguida.',
          'Você também pode apresentar uma reclamação à Autoridade Nacional de Proteção de Dados (ANPD).',
        ],
      },
      {
        heading: 'Segurança',
        paragraphs: [
          'Os seus dados ficam guardados com acesso restrito e não aparecem completos nos registros técnicos (logs) do sistema. O link de acesso à lista é único e praticamente impossível de adivinhar.',
        ],
      },
      {
        heading: 'Alterações desta política',
        paragraphs: ['Se esta política mudar, a nova versão será publicada nesta página.'],
      },
    ],
  };
}

/** The frame around the legal texts on /termos and /privacidade. */
export const legalPage = {
  backLabel: 'Voltar para a página inicial',
} as const;
