/** The API's own error messages, shown to visitors as they are (pt-BR), for every route. */
export const apiErrors = {
  invalidRequest: 'Requisição inválida.',
  internal: 'Algo deu errado do nosso lado. Tente novamente em instantes.',
  notFound: 'Recurso não encontrado.',
  tooLarge: 'Dados grandes demais.',
  checkFields: 'Confira os campos destacados.',
  orderNotFound: 'Pedido não encontrado.',
  eventTooLarge: 'Evento grande demais.',
  invalidEvent: 'Evento inválido.',
  tooManyRequests: 'Muitas requisições. Tente novamente em instantes.',
} as const;
