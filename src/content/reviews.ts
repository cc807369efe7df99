/**
 * Verified-buyer reviews (docs/reviews.md), in the buyer's and the seller's words: the API's
 * answers, the review page (`/avaliar/{ref}`), the member page's "Seu depoimento" card and the
 * form both use. The request e-mail's words are in emails.ts, the console's in admin.ts.
 */
import type { ReviewStatus } from '../shared/reviews.ts';

/** What the review endpoints answer with; the pages show these as they are. */
export const reviewApi = {
  notFound: 'Pedido não encontrado.',
  badToken: 'Este link de avaliação não é válido. Abra o botão “Avaliar a lista” do e-mail que enviamos.',
  notPaid: 'Este pedido não está mais ativo, então não pode ser avaliado.',
  refunded: 'Esta compra foi reembolsada (ou está em reembolso), então o depoimento não pode mais ser alterado. Você ainda pode retirá-lo.',
  invalid: 'Confira a avaliação: escolha de 1 a 5 estrelas e informe o nome que deve aparecer (de 2 a 40 caracteres).',
  textLength: 'O depoimento precisa ter de 20 a 500 caracteres.',
  consentRequired: 'Marque a autorização para publicar o seu depoimento.',
  nothingToWithdraw: 'Você ainda não escreveu um depoimento.',
  tooLarge: 'O texto enviado é grande demais.',
  tooMany: 'Você já alterou o depoimento várias vezes. Aguarde um pouco e tente de novo.',
};

/** The console's review actions' refusals. */
export const reviewConsoleApi = {
  notFound: 'Depoimento não encontrado (ou retirado pelo comprador).',
  /** "Publicar" after the buyer saved other words than the list showed (409). */
  textChanged: 'O texto mudou desde que você abriu a lista: leia de novo antes de publicar.',
};

export const reviewForm = {
  ratingLegend: 'Sua nota',
  ratingLabel: (stars: number) => (stars === 1 ? '1 estrela' : `${stars} estrelas`),
  textLabel: 'Seu depoimento',
  textHint: 'Conte como a lista ajudou você: o que encontrou, o que mudou.',
  counter: (used: number, max: number) => `${used} de ${max} caracteres`,
  nameLabel: 'Nome que aparece',
  nameHint: 'Primeiro nome e a inicial do sobrenome, por exemplo.',
  cityLabel: 'Cidade (opcional)',
  stateLabel: 'Estado (opcional)',
  stateNone: 'Não informar',
  consent: 'Autorizo publicar meu depoimento com este nome na página de vendas',
  submit: 'Enviar depoimento',
  save: 'Salvar alterações',
  sending: 'Enviando…',
  cancel: 'Cancelar',
  network: 'Não foi possível enviar. Verifique sua conexão e tente de novo.',
  errors: {
    rating: 'Escolha uma nota de 1 a 5 estrelas.',
    textShort: (min: number) => `Escreva pelo menos ${min} caracteres.`,
    textLong: (max: number) => `Use no máximo ${max} caracteres.`,
    name: 'Informe o nome que vai aparecer (de 2 a 40 caracteres).',
    city: 'Use no máximo 60 caracteres na cidade.',
    consent: 'Para enviar, marque a autorização para publicar.',
  },
};

export const reviewStatusLabels: Record<ReviewStatus, string> = {
  pending: 'Em revisão',
  published: 'Publicado',
  hidden: 'Não publicado',
  withdrawn: 'Retirado',
};

/** The buyer's own review, as the page and the card show it back. */
export const reviewView = {
  stars: (rating: number) => `Nota ${rating} de 5`,
  status: 'Situação',
  edit: 'Editar',
  withdraw: 'Retirar depoimento',
  withdrawTitle: 'Retirar seu depoimento?',
  withdrawBody: 'Ele sai da página de vendas na hora. Você pode escrever outro depois, se quiser.',
  withdrawConfirm: 'Sim, retirar',
  withdrawing: 'Retirando…',
  withdrawn: 'Seu depoimento foi retirado e não aparece mais na página. Se quiser, escreva outro abaixo.',
  /** After a refund there is no form below: the purchase no longer backs a review. */
  withdrawnRefunded: 'Seu depoimento foi retirado e não aparece mais na página.',
  refunded:
    'Esta compra foi reembolsada (ou está em reembolso), então seu depoimento não aparece mais na página de vendas. Você ainda pode retirá-lo.',
  /** The status shown after a refund, and its withdrawal's confirmation (no new review follows). */
  refundedStatus: 'Fora da página (compra reembolsada)',
  withdrawBodyRefunded: 'Ele é apagado e não volta para a página de vendas.',
  close: 'Fechar',
};

export const reviewPage = {
  meta: {
    title: 'Seu depoimento',
    description: 'Conte como foi a sua experiência com a Lista de Fornecedores Secretos Vitalícia.',
  },
  title: 'Como foi a sua experiência?',
  intro: 'Seu depoimento ajuda quem ainda está decidindo. Leva um minuto.',
  verified: (month: string) => `Compra verificada em ${month}`,
  loading: 'Carregando…',
  loadError: 'Não foi possível carregar a página. Verifique sua conexão.',
  retry: 'Tentar novamente',
  closed: {
    title: 'Avaliação indisponível',
    text: 'Este pedido não pode ser avaliado.',
  },
  invalidLink: {
    title: 'Link inválido',
    text: 'Este link de avaliação não existe ou está incompleto. Abra de novo o link do e-mail, do jeito que ele veio.',
  },
  thanks: 'Obrigado! Seu depoimento será publicado depois de revisado.',
};

export const memberReview = {
  title: 'Seu depoimento',
  invite: 'Gostou da lista? Conte em poucas palavras: seu depoimento pode aparecer na página de vendas, depois de revisado.',
  write: 'Escrever depoimento',
  formTitle: 'Escrever depoimento',
  editTitle: 'Editar depoimento',
  thanks: reviewPage.thanks,
};
