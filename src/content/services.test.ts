import { describe, expect, it } from 'vitest';
import { catalogueApps } from './catalogue.ts';
import { services } from './services.ts';

describe('included services', () => {
  it('names 16 streaming and music services, all from the catalogue, and 4 extras', () => {
    const names = services.included.map((service) => service.name);
    expect(names).toHaveLength(16);
    expect(new Set(names).size).toBe(16);
    const catalogue = new Map(catalogueApps.map((app) => [app.name, app.category as string]));
    for (const name of names) {
      expect(['video', 'music'], name).toContain(catalogue.get(name));
    }
    expect(services.extras).toHaveLength(4);
  });
});
