/**
 * Section 6 of the landing page: testimonials. They are real or absent (docs/product.md#3-testimonials-are-real-or-absent): no invented
 * people and no stock portraits. While this list is empty the section is not shown at all.
 *
 * To add a testimonial, seller:
 *  1. Use only words a real buyer sent you, and ask them in writing (a WhatsApp message is fine)
 *     whether you may publish them with their first name and city. Keep that consent.
 *  2. Add an entry below, e.g.
 *       { name: 'Ana', city: 'Recife', state: 'PE', text: 'Assinei a Netflix com um fornecedor da lista…',
 *         savingsText: 'Economizei R$ 50 por mês', timeAgo: 'há 2 semanas' },
 *  3. A photo only with explicit permission to use it: put the file in public/testimonials/ and set
 *     photoUrl to '/testimonials/ana.jpg' (never a hotlinked or random portrait).
 *  A buyer may withdraw consent at any time (LGPD): remove the entry when they ask.
 */

export interface Testimonial {
  /** As the buyer agreed to be named, e.g. first name only. */
  readonly name: string;
  readonly city: string;
  /** Two-letter state code, e.g. "SP". */
  readonly state: string;
  readonly text: string;
  /** The buyer's own words about what they saved, e.g. "Economizei R$ 50 por mês". */
  readonly savingsText?: string;
  /** When the buyer wrote it, e.g. "há 2 semanas". */
  readonly timeAgo?: string;
  /** A local image used with consent, e.g. "/testimonials/ana.jpg". */
  readonly photoUrl?: string;
}

export const testimonials: readonly Testimonial[] = [];

export const testimonialsSection = {
  eyebrow: 'Depoimentos',
  title: 'O que dizem os nossos clientes',
  /** Accessible name of a card's photo. */
  photoAlt: (name: string) => `Foto de ${name}`,
} as const;
