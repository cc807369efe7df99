/**
 * The guarantee's name as the landing page, the pre-sell page and /termos print it. `days` is
 * GUARANTEE_DAYS as the public config carries it (a prerender token until the server fills it
 * in), so every guarantee text follows the one setting.
 */
export const guaranteeTitle = (days: string) => `Garantia de ${days} dias`;
