import { describe, expect, it } from 'vitest';
import { defaultPublicConfig } from '../../content/seller.ts';
import type { PublicConfig } from '../../shared/public-config.ts';
import { publicConfigScript } from './public-config.ts';

/** What client/lib/public-config.ts does with the block: the build's defaults, the block spread over them. */
function readInBrowser(script: string): PublicConfig {
  const json = script.replace(/^<script[^>]*>|<\/script>$/g, '');
  return { ...defaultPublicConfig, ...(JSON.parse(json) as Partial<PublicConfig>) };
}

describe('the page’s config block', () => {
  it('is empty for a demo on the defaults, which the browser already has', () => {
    expect(publicConfigScript(defaultPublicConfig)).toBe('<script type="application/json" id="vitrine-config">{}</script>');
  });

  it('gives the browser every setting of a real shop, carrying only those that differ', () => {
    const shop: PublicConfig = {
      ...defaultPublicConfig,
      sandbox: false,
      demoMode: false,
      seller: { name: 'Loja </script> Ltda', document: '12.345.678/0001-90', address: 'Rua A, 1' },
      trackers: { ...defaultPublicConfig.trackers, gaId: 'G-TEST' },
    };
    const script = publicConfigScript(shop);
    expect(readInBrowser(script)).toEqual(shop);
    expect(script).not.toContain('guaranteeDays');
    expect(script.match(/<\/script>/g)).toHaveLength(1);
  });
});
