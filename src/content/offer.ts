import type { CopyClaim, CopyFinding } from '../shared/copy-claims.ts';
import { formatBRL } from '../shared/money.ts';
import { withItemIds, type Offer, type OfferMessages, type OfferSectionKey } from '../shared/offer.ts';
import { publicConfigDefaults } from '../shared/public-config.ts';
import { benefits, benefitsSection } from './benefits.ts';
import { bonuses, bonusSection } from './bonuses.ts';
import { catalogueSection } from './catalogue.ts';
import { faqAccordion, faqGrid } from './faq.ts';
import { footer } from './footer.ts';
import { howItWorks, howItWorksChat, howToStart } from './how-it-works.ts';
import { hero, landingMeta, stickyBar } from './landing.ts';
import { heroVideoLabel, look, lookLabels, lookMessages } from './look.ts';
import { layoutMessages, sectionsLabels } from './layout.ts';
import { landingSectionIds } from '../shared/offer-layout.ts';
import { bumpSection } from './offers.ts';
import { presell, presellMeta } from './presell.ts';
import { scarcity } from './scarcity.ts';
import { sellerPlaceholder } from './seller.ts';
import { services } from './services.ts';
import { productSection, site } from './site.ts';
import { topUp } from './top-up.ts';
import { whatsappGroup } from './whatsapp-group.ts';

/**
 * The offer the seller edits in the console (docs/editing.md), as this build ships it: the content
 * files are the defaults, and the first version a seller publishes starts from them. What stays in
 * code, and why, is listed in docs/editing.md#what-stays-in-code-and-why.
 */

const GUARANTEE = '{garantia}';
const PRICE = '{preco}';

/** The price typed out in a default text becomes `{preco}`, so a new price reaches it too. */
const withPriceToken = (value: string) =>
  // Typed out with a plain space too (the meta description, which only the prerenderer prints).
  value.replaceAll(formatBRL(site.priceCents), PRICE).replaceAll(formatBRL(site.priceCents).replace('\u00a0', ' '), PRICE);

const faqItems = (items: ReadonlyArray<{ question: string; answer: string }>) =>
  items.map((item) => ({ question: withPriceToken(item.question), answer: withPriceToken(item.answer) }));

const accordion = faqAccordion(GUARANTEE);
const grid = faqGrid(GUARANTEE);

/** Each list item named by its place (`placeItemId`), as a version stored before ids reads. */
export const offerDefaults: Offer = withItemIds({
  meta: {
    landingTitle: landingMeta.title,
    landingDescription: withPriceToken(landingMeta.description),
    presellTitle: presellMeta.title,
    presellDescription: presellMeta.description,
  },
  presell: {
    eyebrow: presell.eyebrow,
    headline: presell.headline,
    subheadline: presell.subheadline,
    tiles: presell.tiles.map((tile) => ({ title: tile.title, text: tile.text })),
    cta: presell.cta,
    ctaHint: presell.ctaHint,
    image: '',
    imageAlt: '',
  },
  hero: {
    badge: hero.badge,
    headline: hero.headline,
    highlight: hero.highlight,
    subheadline: hero.subheadline,
    priceCaption: hero.priceCaption,
    priceNote: hero.priceNote,
    cta: hero.cta,
    countdownLabel: hero.countdownLabel,
    image: '',
    imageAlt: '',
    video: '',
  },
  howItWorks: {
    eyebrow: howItWorks.eyebrow,
    title: howItWorks.title,
    steps: howItWorks.steps.map((step) => ({ title: step.title, text: step.text })),
  },
  howItWorksChat: { ...howItWorksChat, messages: howItWorksChat.messages.map((message) => ({ ...message })) },
  benefits: {
    eyebrow: benefitsSection.eyebrow,
    title: benefitsSection.title,
    items: benefits(GUARANTEE).map((benefit) => ({ title: benefit.title, text: benefit.text })),
  },
  topUp: {
    eyebrow: topUp.eyebrow,
    title: topUp.title,
    subtitle: topUp.subtitle,
    discountBadge: topUp.discountBadge,
    faceValueLabel: topUp.faceValueLabel,
    priceLabel: topUp.priceLabel,
    note: topUp.note,
    freeCreditClaim: topUp.freeCreditClaim,
    freeCreditText: topUp.freeCreditText,
    cta: topUp.cta,
  },
  services: {
    ...services,
    included: services.included.map((service) => ({ ...service })),
    extras: services.extras.map((extra) => ({ ...extra })),
  },
  catalogue: {
    eyebrow: catalogueSection.eyebrow,
    title: catalogueSection.title,
    subtitle: catalogueSection.subtitle,
    supplierLabel: catalogueSection.supplierLabel,
    tiers: catalogueSection.tiers.map((tier) => ({ ...tier })),
    newLabel: catalogueSection.newLabel,
    perMonth: catalogueSection.perMonth,
    officialPriceLabel: catalogueSection.officialPriceLabel,
    offerPriceLabel: catalogueSection.offerPriceLabel,
    totalSavingLabel: catalogueSection.totalSavingLabel,
    cta: catalogueSection.cta,
  },
  howToStart: {
    eyebrow: howToStart.eyebrow,
    title: howToStart.title,
    steps: howToStart.steps.map((step) => ({ title: withPriceToken(step.title), text: withPriceToken(step.text) })),
    cta: howToStart.cta,
  },
  bonuses: {
    eyebrow: bonusSection.eyebrow,
    title: bonusSection.title,
    subtitle: bonusSection.subtitle,
    items: bonuses.map((bonus) => ({ title: bonus.title, text: bonus.text, valueCents: bonus.valueCents, image: '' })),
  },
  stickyBar: { caption: stickyBar.caption, cta: stickyBar.cta },
  faq: { eyebrow: accordion.eyebrow, title: accordion.title, items: faqItems(accordion.items) },
  faqGrid: { title: grid.title, subtitle: grid.subtitle, items: faqItems(grid.items), cta: grid.cta },
  scarcity: { eyebrow: scarcity.eyebrow, title: scarcity.title, cta: scarcity.cta },
  whatsappGroup: {
    eyebrow: whatsappGroup.eyebrow,
    title: whatsappGroup.title,
    text: whatsappGroup.text,
    perks: whatsappGroup.perks.map((perk) => ({ text: perk })),
    cta: whatsappGroup.cta,
  },
  footer: { disclaimer: footer.disclaimer },
  seller: {
    name: sellerPlaceholder.name,
    document: sellerPlaceholder.document,
    address: sellerPlaceholder.address,
    supportEmail: publicConfigDefaults.supportEmail,
    whatsappGroupUrl: publicConfigDefaults.whatsappGroupUrl,
  },
  product: { ...productSection },
  bump: { ...bumpSection },
  look: { ...look },
  layout: { sections: { order: [...landingSectionIds], hidden: [] } },
});

/** The console's names for each section and field (pt-BR); `choices`: a choice field's values. */
export const offerLabels: Record<
  OfferSectionKey,
  { title: string; hint?: string; fields: Record<string, string>; choices?: Record<string, string> }
> = {
  meta: {
    title: 'Título e descrição (buscadores e redes sociais)',
    fields: {
      landingTitle: 'Título da página de vendas',
      landingDescription: 'Descrição da página de vendas',
      presellTitle: 'Título da pré-venda',
      presellDescription: 'Descrição da pré-venda',
    },
  },
  presell: {
    title: 'Pré-venda (/presell)',
    fields: {
      eyebrow: 'Chamada acima do título',
      headline: 'Título',
      subheadline: 'Subtítulo',
      tiles: 'Cartões',
      title: 'Título do cartão',
      text: 'Texto do cartão',
      cta: 'Botão',
      ctaHint: 'Texto abaixo do botão',
      image: 'Imagem abaixo do subtítulo',
      imageAlt: 'Descrição da imagem (para leitores de tela)',
    },
  },
  hero: {
    title: 'Topo da página de vendas',
    fields: {
      badge: 'Selo',
      headline: 'Título',
      highlight: 'Trecho do título em destaque',
      subheadline: 'Subtítulo',
      priceCaption: 'Acima do preço',
      priceNote: 'Abaixo do preço',
      cta: 'Botão de compra',
      countdownLabel: 'Acima da contagem regressiva',
      image: 'Imagem abaixo do subtítulo',
      imageAlt: 'Descrição da imagem (para leitores de tela)',
      video: heroVideoLabel,
    },
  },
  howItWorks: {
    title: 'Como funciona (3 passos)',
    fields: { eyebrow: 'Chamada', title: 'Título', steps: 'Passos', 'steps.title': 'Título do passo', text: 'Texto do passo' },
  },
  howItWorksChat: {
    title: 'Como funciona: exemplo de conversa',
    hint: 'A economia mostrada é o preço oficial menos o valor pago. O ícone do contato fica no vermelho da Netflix.',
    fields: {
      title: 'Título da conversa',
      contact: 'Nome do contato',
      monogram: 'Letras do ícone do contato',
      status: 'Status abaixo do nome',
      messages: 'Mensagens',
      from: 'Quem envia',
      text: 'Mensagem',
      officialLabel: 'Texto antes do preço oficial',
      officialCents: 'Preço oficial',
      savingLabel: 'Texto acima da economia',
      paidCents: 'Valor pago ao fornecedor',
    },
    choices: { buyer: 'Comprador (à direita)', supplier: 'Fornecedor (à esquerda)' },
  },
  benefits: {
    title: 'Vantagens',
    hint: 'Use {garantia} para os dias de garantia. Os ícones seguem a ordem dos cartões.',
    fields: { eyebrow: 'Chamada', title: 'Título', items: 'Cartões', 'items.title': 'Título do cartão', text: 'Texto do cartão' },
  },
  topUp: {
    title: 'Recarga de celular',
    hint: 'As operadoras e os valores das tabelas são os dos fornecedores e ficam no código.',
    fields: {
      eyebrow: 'Chamada',
      title: 'Título',
      subtitle: 'Subtítulo',
      discountBadge: 'Selo de desconto nas tabelas',
      faceValueLabel: 'Coluna do valor da recarga',
      priceLabel: 'Coluna do preço',
      note: 'Nota abaixo das tabelas',
      freeCreditClaim: 'Destaque do crédito grátis',
      freeCreditText: 'Texto do crédito grátis',
      cta: 'Botão de compra',
    },
  },
  services: {
    title: 'Serviços incluídos',
    hint: 'Um serviço com o mesmo nome de um app do catálogo aparece com o ícone dele.',
    fields: {
      eyebrow: 'Chamada',
      title: 'Título',
      subtitle: 'Subtítulo',
      included: 'Serviços',
      name: 'Nome do serviço',
      extrasTitle: 'Título dos extras',
      extras: 'Extras',
      text: 'Extra',
    },
  },
  catalogue: {
    title: 'Catálogo de apps',
    hint: 'Os apps, os preços e o grupo de cada app são os dos fornecedores e ficam no código; aqui ficam os textos da seção.',
    fields: {
      eyebrow: 'Chamada',
      title: 'Título',
      subtitle: 'Subtítulo',
      supplierLabel: 'Selo do cartão do fornecedor de recarga',
      tiers: 'Grupos de apps',
      label: 'Nome do grupo',
      description: 'Descrição do grupo',
      newLabel: 'Selo de app novo',
      perMonth: 'Depois do preço de cada app',
      officialPriceLabel: 'Rótulo do preço oficial',
      offerPriceLabel: 'Rótulo do preço com a lista',
      totalSavingLabel: 'Rótulo da economia por mês',
      cta: 'Botão',
    },
  },
  howToStart: {
    title: 'Do PIX à economia (4 passos)',
    hint: 'Use {preco} para o preço.',
    fields: {
      eyebrow: 'Chamada',
      title: 'Título',
      steps: 'Passos',
      'steps.title': 'Título do passo',
      text: 'Texto do passo',
      cta: 'Botão',
    },
  },
  bonuses: {
    title: 'Bônus',
    hint: 'O valor total e a economia são somados dos valores dos bônus.',
    fields: {
      eyebrow: 'Chamada',
      title: 'Título',
      subtitle: 'Subtítulo',
      items: 'Bônus',
      'items.title': 'Nome do bônus',
      text: 'Descrição',
      valueCents: 'Valor informado',
      image: 'Imagem do bônus (no lugar do ícone)',
    },
  },
  stickyBar: { title: 'Barra fixa de compra', fields: { caption: 'Texto ao lado do preço', cta: 'Botão' } },
  faq: {
    title: 'Perguntas frequentes',
    hint: 'Use {garantia} para os dias de garantia e {preco} para o preço. Nas respostas, **assim** fica em negrito e [texto](https://…) vira um link; a quebra de linha aparece na página.',
    fields: { eyebrow: 'Chamada', title: 'Título', items: 'Perguntas', question: 'Pergunta', answer: 'Resposta' },
  },
  faqGrid: {
    title: 'Mais perguntas (grade)',
    hint: 'Use {garantia} para os dias de garantia e {preco} para o preço. Nas respostas, **assim** fica em negrito e [texto](https://…) vira um link; a quebra de linha aparece na página.',
    fields: { title: 'Título', subtitle: 'Subtítulo', items: 'Perguntas', question: 'Pergunta', answer: 'Resposta', cta: 'Botão' },
  },
  scarcity: { title: 'Vagas do mês', fields: { eyebrow: 'Chamada', title: 'Título', cta: 'Botão' } },
  whatsappGroup: {
    title: 'Grupo VIP do WhatsApp',
    fields: { eyebrow: 'Chamada', title: 'Título', text: 'Texto', perks: 'Vantagens', cta: 'Botão' },
  },
  footer: { title: 'Rodapé', fields: { disclaimer: 'Aviso de marcas' } },
  seller: {
    title: 'Quem vende',
    hint: 'Uma variável de ambiente definida no servidor vale no lugar do texto daqui.',
    fields: {
      name: 'Nome ou razão social',
      document: 'CPF ou CNPJ',
      address: 'Endereço',
      supportEmail: 'E-mail de suporte',
      whatsappGroupUrl: 'Link do grupo do WhatsApp',
    },
  },
  product: {
    title: 'Produto',
    hint: 'O novo preço vale para os PIX gerados depois da publicação; um PIX já gerado mantém o valor dele. Os e-mails e a página do pedido mostram sempre o nome e o preço da compra.',
    fields: {
      name: 'Nome do produto',
      priceCents: 'Preço',
      referencePriceCents: 'Preço de referência ("de R$ …"), 0 para não mostrar',
    },
  },
  bump: {
    title: 'Adicional no checkout',
    hint: 'Os novos preços valem para os PIX gerados depois da publicação; um PIX já gerado mantém o valor dele.',
    fields: { name: 'Nome do adicional', priceCents: 'Preço no checkout', afterPaymentPriceCents: 'Preço após o pagamento' },
  },
  look: lookLabels,
  layout: sectionsLabels,
};

export const offerMessages: OfferMessages = {
  required: 'Preencha este campo.',
  invisible:
    'O texto tem caracteres invisíveis ou de controle (como espaço de largura zero ou marcas de direção). Apague-os e tente de novo.',
  tooShort: (min) => `Use pelo menos ${min} caracteres.`,
  tooLong: (max) => `Use no máximo ${max} caracteres.`,
  link: 'Use um link que comece com https:// (por exemplo https://chat.whatsapp.com/… ou https://wa.me/…).',
  amount: 'Escreva o valor em reais, por exemplo 19,90 ou R$ 1.990,00.',
  priceNotPositive: 'O preço precisa ser maior que zero.',
  amountNegative: 'O valor não pode ser negativo.',
  priceTooLow: (minimum) => `O preço mínimo aceito pelo provedor de PIX é ${minimum}.`,
  priceTooHigh: 'Preço alto demais.',
  tooFew: (min) => `Mantenha pelo menos ${min} ${min === 1 ? 'item' : 'itens'}.`,
  tooMany: (max) => `No máximo ${max} itens.`,
  highlightMissing: 'O trecho em destaque precisa aparecer igual no título.',
  referenceNotAbove: 'O preço de referência precisa ser maior que o preço. Use 0 para não mostrar.',
  email: 'Informe um e-mail válido.',
  image: 'Envie a imagem de novo pelo botão "Enviar imagem".',
  ...lookMessages,
  ...layoutMessages,
};

/** The console API's refusals about the page (pt-BR). */
export const pageEditorApi = {
  invalid: 'Confira os campos marcados.',
  changed:
    'A página mudou desde que você abriu o editor: outra pessoa publicou. O editor já mostra a versão no ar; confira e tente de novo.',
  noDraft: 'Não há alterações salvas para publicar.',
  versionNotFound: 'Versão não encontrada.',
  tooLarge: (size: string, budget: string) =>
    `Com estas alterações a página inicial teria ${size} comprimida, acima do limite de ${budget} que a mantém rápida no celular. Encurte os textos e tente de novo.`,
  priceFromProvider: (price: string) =>
    `Com a TriboPay, o PIX cobra o preço da oferta cadastrada no painel dela (${price}), não o daqui. Altere o preço na TriboPay; a página segue o preço cobrado.`,
  referencePrice: (reference: string, days: number) =>
    `O preço de referência ${reference} só pode aparecer se foi o preço cobrado por pelo menos 30 dias nos últimos 90. Nos últimos 90 dias ele valeu por ${days} ${days === 1 ? 'dia' : 'dias'}.`,
  tooManyPublishes: 'Muitas publicações seguidas. Tente de novo mais tarde.',
  imageTooLarge: 'A imagem passa de 25 MB. Reduza o tamanho ou envie outra.',
  imageType: 'Formato não aceito. Envie uma foto em JPEG, PNG, WebP, HEIC ou AVIF.',
  imageGif:
    'GIF não é aceito: ele tem só 256 cores (a foto fica granulada) e a animação não apareceria. Envie a foto em JPEG, PNG, WebP, HEIC ou AVIF.',
  imageTooManyPixels:
    'A imagem tem resolução alta demais para ser lida com segurança. Reduza a resolução (12 megapixels bastam) e envie de novo.',
  imageUnreadable: 'Não foi possível ler esta imagem. Ela pode estar corrompida; envie outra.',
  imageTooSmall: 'A imagem é pequena demais: envie uma com pelo menos 320 px de largura.',
  tooManyUploads: 'Muitas imagens enviadas seguidas. Tente de novo mais tarde.',
} as const;

/** Why a sentence of the copy is refused, in the editor and in A/B alike (shared/copy-claims.ts, docs/editing.md#what-the-copy-may-promise). */
export function copyClaimReason(claim: CopyClaim): string {
  switch (claim.kind) {
    case 'amount':
      return `${formatBRL(claim.cents)} não é um preço que o comprador pode pagar agora nem o preço de referência da página. Use {preco} ou o valor que o checkout cobra.`;
    case 'discount':
      return claim.honestPercent === null
        ? `Um desconto de ${claim.percent}% só pode ser anunciado contra o preço de referência ("de R$ …"), e a página não tem um.`
        : `O desconto real, do preço de referência para o preço de hoje, é de ${claim.honestPercent}%, não ${claim.percent}%.`;
    case 'guarantee':
      return `A garantia da loja é de ${claim.guaranteeDays} ${claim.guaranteeDays === 1 ? 'dia' : 'dias'}, não ${claim.days}. Use {garantia}, que sempre mostra o prazo configurado.`;
    case 'no_regret':
      return 'O Código de Defesa do Consumidor (art. 49) garante ao comprador on-line 7 dias para desistir e receber o dinheiro de volta, e os termos da loja dão a garantia: a página não pode dizer o contrário.';
  }
}

/** One refused sentence: where, what and why. */
export const copyClaimRefusal = (finding: CopyFinding) => `"${finding.sentence}": ${copyClaimReason(finding.claim)}`;

/** The console's image field (pt-BR). */
export const imageField = {
  upload: 'Enviar imagem',
  replace: 'Trocar imagem',
  remove: 'Remover imagem',
  none: 'Nenhuma imagem enviada: a página fica sem ela.',
  uploading: 'Enviando e otimizando…',
  hint: 'Foto do celular (JPEG ou HEIC), PNG, WebP ou AVIF, até 25 MB. Removemos a localização e outros dados da foto e geramos versões leves para celular e computador.',
  size: (width: number, height: number) => `${width} × ${height} px`,
  /** The thumbnail is a button: a tap on it picks the point every crop of the photo keeps in view. */
  focus: 'Ponto da foto que fica sempre à vista',
  focusHint:
    'Toque na miniatura no ponto que não pode sumir (um rosto, o celular): onde a página corta a foto, ele continua à vista. As setas do teclado também movem o ponto.',
  focusAt: (x: number, y: number) => `Ponto à vista: ${x}% da esquerda, ${y}% do alto.`,
  focusCentre: 'Ponto à vista: o centro da foto.',
  unreadable: 'Não foi possível enviar a imagem. Confira a conexão e tente de novo.',
} as const;

/** Sizes as the bench prints them: KB of 1,024 bytes, one decimal. */
export const formatKilobytes = (bytes: number) =>
  `${(bytes / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 1, minimumFractionDigits: 1 })} KB`;

/** The console's "Página" tab (pt-BR). */
export const pageEditor = {
  title: 'Página',
  intro:
    'Edite os textos da pré-venda e da página de vendas. As alterações ficam num rascunho até você publicar; a versão publicada vale para todos na hora, sem reiniciar nada.',
  sectionLabel: 'Seção',
  liveVersion: (number: number) => (number === 0 ? 'No ar: conteúdo original' : `No ar: versão ${number}`),
  draftSaved: 'Rascunho salvo.',
  unsaved: 'Alterações ainda não salvas.',
  save: 'Salvar rascunho e ver prévia',
  saving: 'Salvando…',
  discard: 'Descartar rascunho',
  publish: 'Publicar alterações',
  publishing: 'Publicando…',
  published: (number: number) => `Publicado: versão ${number}. A página já está no ar.`,
  invalid: 'Há campos a corrigir antes de salvar.',
  invalidIn: (section: string) => `Há campos a corrigir em “${section}” antes de salvar. O primeiro está marcado abaixo.`,
  fromEnvironment: 'Definido no servidor por variável de ambiente: este texto não aparece enquanto ela estiver definida.',
  addItem: 'Adicionar',
  removeItem: 'Remover',
  moveUp: 'Subir',
  moveDown: 'Descer',
  /** A list item's heading: the list's name is a plural ("Mensagens: 2 de 5"). */
  item: (label: string, index: number, count: number) => `${label}: ${index + 1} de ${count}`,
  priceHint: 'Em reais, por exemplo 19,90.',
  /** Under a field whose paste brought tabs or invisible characters (shared/text.ts `cleanTyped`). */
  cleanedNote: 'Tiramos do texto colado os caracteres invisíveis; tabulações viraram espaços.',
  pricePlaceholder: 'ex. 19,90',
  /** Beside a price the PIX provider's own catalogue decides (TriboPay's offer). */
  priceFromProvider: 'Definido pela oferta na TriboPay: o PIX cobra o preço cadastrado lá, e a página mostra esse preço.',
  size: (size: string, budget: string) => `Página inicial: ${size} comprimida, de no máximo ${budget}.`,
  overBudget: 'Acima do limite: a publicação será recusada. Encurte os textos.',
  /** The live version's "de R$ X" (docs/editing.md#prices): CDC art. 37 keeps it only while it was charged 30 of the last 90 days. */
  referencePrice: {
    until: (reference: string, at: string) =>
      `O preço de referência ${reference} aparece na página até ${at}. Depois disso ele terá sido cobrado por menos de 30 dias nos últimos 90, e sai da página sozinho.`,
    withdrawn: (reference: string, at: string, days: number) =>
      `O preço de referência ${reference} foi retirado da página em ${at}: ele só pode aparecer se foi o preço cobrado por pelo menos 30 dias nos últimos 90, e nos últimos 90 dias valeu por ${days} ${days === 1 ? 'dia' : 'dias'}. A página mostra só o preço atual. Para publicar outras alterações, use 0 no preço de referência.`,
  },
  preview: {
    title: 'Prévia do rascunho',
    landing: 'Página de vendas',
    presell: 'Pré-venda',
    phone: 'Celular',
    desktop: 'Computador',
    frame: (page: string, width: string) => `Prévia: ${page} no ${width.toLowerCase()}`,
    none: 'Salve o rascunho para ver a prévia.',
  },
  diff: {
    title: 'O que muda em relação à versão no ar',
    none: 'Nada muda: o rascunho é igual à versão no ar.',
    before: 'Antes',
    after: 'Depois',
    /** "Perguntas 3": a list's item by its place. */
    item: (list: string, index: number) => `${list} ${index + 1}`,
    /** An item only moved: where it was (its place counted from 1). */
    movedFrom: (index: number) => `antes na posição ${index + 1}`,
    noImage: 'nenhuma imagem',
    priceChange: (before: string, after: string) => `${before} → ${after}`,
  },
  history: {
    title: 'Histórico de versões',
    original: 'Conteúdo original',
    version: (number: number) => `Versão ${number}`,
    restoredFrom: (number: number) => (number === 0 ? 'restaurou o conteúdo original' : `restaurou a versão ${number}`),
    by: (session: string) => `sessão ${session}`,
    live: 'No ar',
    restore: 'Restaurar',
    confirmTitle: (label: string) => `Restaurar ${label}?`,
    confirmBody: 'Ela volta ao ar como uma nova versão. O rascunho, se houver, continua salvo.',
    confirmDiff: 'O que muda na página no ar',
    loadingDiff: 'Carregando o que muda…',
    restored: (number: number) => `Restaurada como versão ${number}.`,
  },
} as const;
