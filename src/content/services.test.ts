import { describe, expect, it } from 'vitest';
import { catalogueApps } from './catalogue.ts';
import { services } from './services.ts';

describe('included services', () => {
  it('names 16 streaming and music services, all from the catalogue, and 4 extras', () => {
    expect(services.included).toHaveLength(16);
    expect(new Set(services.included).size).toBe(16);
    const catalogue = new Map(catalogueApps.map((app) => [app.name, app.category as string]));
    for (const name of services.included) {
      expect(['video', 'music'], name).toContain(catalogue.get(name));
    }
    expect(services.extras).toHaveLength(4);
  });
});
