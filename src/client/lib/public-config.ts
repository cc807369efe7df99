import { defaultPublicConfig } from '../../content/seller.ts';
import { PUBLIC_CONFIG_GLOBAL, prerenderPublicConfig, type PublicConfig } from '../../shared/public-config.ts';

/**
 * Runtime settings the server injected into the page (see server/public-config.ts). While
 * prerendering there is no window: printed values are tokens the server fills in when it loads
 * the pages (see shared/public-config.ts), so the HTML and the hydrated page agree.
 */
export function getPublicConfig(): PublicConfig {
  if (typeof window === 'undefined') return prerenderPublicConfig;
  const injected = (window as unknown as Record<string, unknown>)[PUBLIC_CONFIG_GLOBAL] as Partial<PublicConfig> | undefined;
  return { ...defaultPublicConfig, ...injected };
}
