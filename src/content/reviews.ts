/**
 * Verified-buyer reviews (docs/reviews.md), in the buyer's and the seller's words: the review
 * request e-mail and the API's answers. `{name}` marks are filled in and escaped by the renderer.
 */

export const reviewEmail = {
  subject: 'Como está sendo a lista?',
  preheader: 'Conte em poucas palavras como está sendo a {productName}. Leva um minuto.',
  intro:
    'Faz alguns dias que você começou a usar a {productName}. Queremos saber como está sendo: conseguiu falar com os fornecedores? A lista ajudou?',
  ask: 'Se puder, deixe uma nota e algumas palavras sobre a sua experiência. Leva um minuto.',
  button: 'Avaliar a lista',
  rawLinkIntro: 'Se o botão não abrir, copie este endereço no navegador:',
  consent: 'O seu depoimento só é publicado com a sua autorização, e você pode retirá-lo quando quiser na sua página de acesso.',
  signature: 'Obrigado pela confiança!',
  footer: 'Você recebeu este e-mail porque comprou a {productName}. É o único pedido de avaliação que enviamos.',
};

/** What the review endpoints answer with; the pages show these as they are. */
export const reviewApi = {
  notFound: 'Pedido não encontrado.',
  badToken: 'Este link de avaliação não é válido. Abra o botão “Avaliar a lista” do e-mail que enviamos.',
  notPaid: 'Este pedido não está mais ativo, então não pode ser avaliado.',
  invalid: 'Confira a avaliação: escolha de 1 a 5 estrelas e informe o nome que deve aparecer (de 2 a 40 caracteres).',
  textLength: 'O depoimento precisa ter de 20 a 500 caracteres.',
  consentRequired: 'Marque a autorização para publicar o seu depoimento.',
  nothingToWithdraw: 'Você ainda não escreveu um depoimento.',
  tooLarge: 'O texto enviado é grande demais.',
};

/** The console's review actions' refusals. */
export const reviewConsoleApi = {
  notFound: 'Depoimento não encontrado (ou retirado pelo comprador).',
};
