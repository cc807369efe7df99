import { describe, expect, it } from 'vitest';
import { fixtureTestimonials } from '../../tests/fixtures/testimonials.ts';
import { testimonials } from './testimonials.ts';

describe('testimonials', () => {
  it('ships none by default: they are real or absent', () => {
    expect(testimonials).toEqual([]);
  });

  it('gives the end-to-end test 6 fixtures that say they are fixtures', () => {
    expect(fixtureTestimonials).toHaveLength(6);
    for (const fixture of fixtureTestimonials) {
      expect(fixture.name).toMatch(/^Cliente de teste \d$/);
      expect(fixture.photoUrl).toBeUndefined();
    }
  });
});
