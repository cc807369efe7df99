import { defaultPublicConfig } from '../../content/seller.ts';
import { PUBLIC_CONFIG_GLOBAL, prerenderPublicConfig, type PublicConfig } from '../../shared/public-config.ts';

/**
 * Runtime settings the server injected into the page (see server/config/public-config.ts). While
 * prerendering there is no window: printed values are tokens the server fills in when it loads
 * the pages (see shared/public-config.ts), so the HTML and the hydrated page agree.
 */
export function getPublicConfig(): PublicConfig {
  // A build-time constant, so the browser's bundle leaves the prerenderer's tokens out.
  if (import.meta.env.SSR) return prerenderPublicConfig();
  const injected = (window as unknown as Record<string, unknown>)[PUBLIC_CONFIG_GLOBAL] as Partial<PublicConfig> | undefined;
  return { ...defaultPublicConfig, ...injected };
}
