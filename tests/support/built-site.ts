import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../src/server/config/config.ts';
import { publicConfig, publicConfigScript } from '../../src/server/config/public-config.ts';
import { loadSite } from '../../src/server/http/site.ts';

const builtClient = path.resolve(import.meta.dirname, '../../dist/client');

/** `npm run build` has run, with the documents the server renders the seller's versions into. */
export const siteBuilt =
  fs.existsSync(path.join(builtClient, 'index.html')) && fs.existsSync(path.resolve(builtClient, '../ssr/documents/landing.html'));

/** The built site, as `npm start` loads it. */
export function builtSite(adminPassword: string) {
  const browserConfig = publicConfig(loadConfig({ DATA_DIR: '/tmp/vitrine-unused', ADMIN_PASSWORD: adminPassword }));
  return loadSite(builtClient, publicConfigScript(browserConfig), browserConfig);
}
