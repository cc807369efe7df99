import { MapPin, Quote } from 'lucide-react';
import { testimonials, testimonialsSection, type Testimonial } from '../../content/testimonials.ts';
import { LazyImage } from '../ui/lazy-image.tsx';
import { SectionHeading } from '../ui/section-heading.tsx';
import { REVIEW_ITEM_CLASS, REVIEW_LIST_CLASS } from '../../shared/reviews-marker.ts';

function Avatar({ testimonial }: { testimonial: Testimonial }) {
  if (testimonial.photoUrl) {
    return (
      <LazyImage
        src={testimonial.photoUrl}
        alt={testimonialsSection.photoAlt(testimonial.name)}
        width={48}
        height={48}
        className="rounded-full"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="grid size-12 shrink-0 place-items-center rounded-full bg-brand-tint text-lg font-black text-brand-300"
    >
      {testimonial.name.charAt(0)}
    </span>
  );
}

/** Section 6: buyers' own words (docs/product.md#3-testimonials-are-real-or-absent: real or absent — no list, no section). */
export function Testimonials() {
  if (testimonials.length === 0) return null;
  return (
    <section aria-labelledby="testimonials-title" className="border-y border-line/60 bg-ink-900/60 px-5 py-16">
      <div className="mx-auto max-w-5xl">
        <SectionHeading id="testimonials-title" eyebrow={testimonialsSection.eyebrow} title={testimonialsSection.title} />
        <ul className={REVIEW_LIST_CLASS}>
          {testimonials.map((testimonial) => (
            <li key={`${testimonial.name}-${testimonial.city}`} className={REVIEW_ITEM_CLASS}>
              <figure className="flex h-full flex-col rounded-2xl border border-line bg-ink-850/80 p-5">
                <Quote aria-hidden="true" className="size-6 text-brand-500/60" />
                <blockquote className="mt-3 flex-1 text-pretty text-slate-200">{testimonial.text}</blockquote>
                {testimonial.savingsText ? (
                  <p className="mt-4 self-start rounded-full bg-brand-tint px-3 py-1 text-xs font-bold text-brand-300">
                    {testimonial.savingsText}
                  </p>
                ) : null}
                <figcaption className="mt-4 flex items-center gap-3 border-t border-line/70 pt-4">
                  <Avatar testimonial={testimonial} />
                  <span className="min-w-0">
                    <span className="block font-bold text-white">{testimonial.name}</span>
                    <span className="flex items-center gap-1 text-xs text-slate-400">
                      <MapPin aria-hidden="true" className="size-3" />
                      {testimonial.city}/{testimonial.state}
                      {testimonial.timeAgo ? ` · ${testimonial.timeAgo}` : null}
                    </span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
