import { defaultPublicConfig } from '../../content/seller.ts';
import { PUBLIC_CONFIG_ELEMENT_ID, prerenderPublicConfig, type PublicConfig } from '../../shared/public-config.ts';

let injected: Partial<PublicConfig> | undefined;

function readInjected(): Partial<PublicConfig> {
  const text = document.getElementById(PUBLIC_CONFIG_ELEMENT_ID)?.textContent;
  return text ? (JSON.parse(text) as Partial<PublicConfig>) : {};
}

/**
 * Runtime settings the server injected into the page (see server/config/public-config.ts). While
 * prerendering there is no window: printed values are tokens the server fills in when it loads
 * the pages (see shared/public-config.ts), so the HTML and the hydrated page agree.
 */
export function getPublicConfig(): PublicConfig {
  // A build-time constant, so the browser's bundle leaves the prerenderer's tokens out.
  if (import.meta.env.SSR) return prerenderPublicConfig();
  injected ??= readInjected();
  return { ...defaultPublicConfig, ...injected };
}
