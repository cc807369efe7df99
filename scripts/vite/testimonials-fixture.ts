import path from 'node:path';
import type { Plugin } from 'vite';

const CONTENT_MODULE = path.resolve(import.meta.dirname, '../../src/content/testimonials.ts');

/**
 * `VITRINE_TESTIMONIALS_FIXTURE=<module>` builds the site with that module in place of
 * src/content/testimonials.ts, everywhere but in the fixture itself (which re-exports the section's
 * copy from the real one). The site ships no testimonials until the seller adds real ones, so the
 * end-to-end tests of that section run against such a build (tests/e2e/landing-sections.spec.ts);
 * without the variable this plugin does nothing.
 */
export function testimonialsFixture(fixture: string | undefined): Plugin {
  const fixtureFile = fixture ? path.resolve(fixture) : null;
  return {
    name: 'testimonials-fixture',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!fixtureFile || !importer || importer === fixtureFile || !source.endsWith('/content/testimonials.ts')) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      return resolved?.id === CONTENT_MODULE ? fixtureFile : null;
    },
  };
}
