/** Section 12 of the landing page: the WhatsApp VIP group. The invite link comes from configuration. */
export const whatsappGroup = {
  eyebrow: 'Grupo VIP',
  title: 'Entre no nosso Grupo VIP do WhatsApp',
  text: 'Receba em primeira mão os avisos de atualização da lista, as promoções de recarga e dicas para economizar nas suas assinaturas.',
  perks: ['Avisos de atualização da lista', 'Promoções de recarga', 'Dicas para economizar'],
  cta: 'ENTRAR NO GRUPO VIP',
  /** For screen readers: the button leaves the page. */
  ctaHint: 'Abre o WhatsApp em uma nova aba',
} as const;
