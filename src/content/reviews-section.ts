/**
 * Section 6's verified reviews on the landing page (server/reviews/landing-reviews.ts renders them):
 * buyers' own reviews, published by the seller from the console. The buyers' words are never here.
 */
export const reviewsSection = {
  eyebrow: 'Avaliações',
  title: 'Quem comprou, avalia',
  /** The header's figures: "4,7 de 12 avaliações". */
  summary: (average: string, count: number) => `${average} de ${count} ${count === 1 ? 'avaliação' : 'avaliações'}`,
  /** The stars' accessible name. */
  rating: (rating: number) => `Nota ${rating} de 5`,
  averageRating: (average: string) => `Nota média ${average} de 5`,
  /** "Compra verificada · novembro de 2026". */
  verified: (month: string) => `Compra verificada · ${month}`,
  /** Accessible name of a card's photo. */
  photoAlt: (name: string) => `Foto de ${name}`,
  /** When the review was published, for under an hour-less day. */
  today: 'hoje',
} as const;
