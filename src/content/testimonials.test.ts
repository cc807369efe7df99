import { describe, expect, it } from 'vitest';
import * as fixture from '../../tests/fixtures/testimonials.ts';
import { testimonials, testimonialsSection } from './testimonials.ts';

describe('testimonials', () => {
  it('ships none by default: they are real or absent', () => {
    expect(testimonials).toEqual([]);
  });

  it('gives the fixture build 6 testimonials that say they are fixtures, with the real section copy', () => {
    expect(fixture.testimonials).toHaveLength(6);
    for (const testimonial of fixture.testimonials) {
      expect(testimonial.name).toMatch(/^Cliente de teste \d$/);
      expect(testimonial.photoUrl).toMatch(/^\/e2e-photos\//);
    }
    expect(fixture.testimonialsSection).toBe(testimonialsSection);
  });
});
