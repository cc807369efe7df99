/** The 404 page (docs/product.md#the-journey: "Oops! Page not found" and a link home). */
export const notFound = {
  code: '404',
  headline: 'Oops! Page not found',
  text: 'O endereço que você abriu não existe ou foi removido.',
  homeLink: 'Voltar para o início',
} as const;

/** The page's title and description, for the document head and search engines. */
export const notFoundMeta = {
  title: 'Página não encontrada',
  description: 'Esta página não existe.',
} as const;
