/** The cookie notice (docs/product.md#5-tracking-waits-for-consent: trackers load only after "Aceitar"). */
export const consent = {
  title: 'Sua privacidade',
  text: 'Usamos cookies de medição (Google Analytics, Meta e Microsoft Clarity) e dois nossos, que lembram a versão da página que você viu e o afiliado cujo link trouxe você, para melhorar a página e nossos anúncios e pagar a comissão certa. Eles só são ativados se você aceitar.',
  /** The compact notice's one line; the full text opens under "Detalhes". */
  short: 'Usamos cookies de medição.',
  details: 'Detalhes',
  accept: 'Aceitar',
  decline: 'Recusar',
  privacyLink: 'Política de privacidade',
  /** Footer link that reopens the notice to change the choice. */
  preferences: 'Preferências de cookies',
} as const;
