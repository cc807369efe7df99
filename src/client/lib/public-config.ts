import { PUBLIC_CONFIG_GLOBAL, defaultPublicConfig, type PublicConfig } from '../../shared/public-config.ts';

/** Runtime settings the server injected into the page (see server/public-config.ts). */
export function getPublicConfig(): PublicConfig {
  if (typeof window === 'undefined') return defaultPublicConfig;
  const injected = (window as unknown as Record<string, unknown>)[PUBLIC_CONFIG_GLOBAL] as Partial<PublicConfig> | undefined;
  return { ...defaultPublicConfig, ...injected };
}
