import { useSyncExternalStore } from 'react';
import { testimonials, type Testimonial } from '../../content/testimonials.ts';

/**
 * Test hook: an end-to-end test may set `window.__VITRINE_TEST_TESTIMONIALS__` (a Playwright init
 * script) to show fixture testimonials without a rebuild. The site itself ships only the
 * seller's real testimonials from content/testimonials.ts (docs/product.md#3-testimonials-are-real-or-absent), and there are none by
 * default, so the section is hidden.
 */
export const TEST_TESTIMONIALS_GLOBAL = '__VITRINE_TEST_TESTIMONIALS__';

function readTestimonials(): readonly Testimonial[] {
  const injected = (window as unknown as Record<string, unknown>)[TEST_TESTIMONIALS_GLOBAL];
  return Array.isArray(injected) ? (injected as readonly Testimonial[]) : testimonials;
}

const noSubscription = () => () => undefined;

/** The testimonials to show. Prerendering and hydration use the content list, so both agree. */
export function useTestimonials(): readonly Testimonial[] {
  return useSyncExternalStore(noSubscription, readTestimonials, () => testimonials);
}
