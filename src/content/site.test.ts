import { describe, expect, it } from 'vitest';
import { formatBRL } from '../shared/money.ts';
import { landingMeta } from './landing.ts';
import { site } from './site.ts';

describe('the landing page meta description', () => {
  it('announces the price the rest of the copy is formatted from', () => {
    expect(landingMeta.description).toContain(`Pagamento único de ${formatBRL(site.priceCents).replace('\u00a0', ' ')} via PIX.`);
  });
});
