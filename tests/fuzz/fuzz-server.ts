import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { loadSite } from '../../src/server/http/site.ts';
import { pageKeys } from '../../src/shared/route-lookup.ts';
import { documentFile } from '../../src/shared/routes.ts';
import { newClientAddress } from '../support/clients.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { send } from './fuzz-kit.ts';
import type { TestDb } from '../integration/test-db.ts';

export const FUZZ_ADMIN_PASSWORD = 'senha-do-painel-para-o-fuzz';
export const ASSET_PATH = '/assets/app-Fz3kQ9aB.js';

export type FuzzServer = TestServer;

/** A small client build: every page's document, one hashed asset (plain, brotli, gzip) and the root files. */
function writeClientBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-fuzz-client-'));
  for (const key of pageKeys) {
    const file = path.join(dir, documentFile(key));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(
      file,
      `<!doctype html><html lang="pt-BR"><title>${key}</title><!--public-config--><main>${'conteúdo '.repeat(500)}</main>`,
    );
  }
  const asset = Buffer.from(`export const value = ${JSON.stringify('x'.repeat(20_000))};\n`);
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, ASSET_PATH), asset);
  fs.writeFileSync(path.join(dir, `${ASSET_PATH}.br`), zlib.brotliCompressSync(asset));
  fs.writeFileSync(path.join(dir, `${ASSET_PATH}.gz`), zlib.gzipSync(asset));
  fs.writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  fs.writeFileSync(path.join(dir, 'favicon-32.png'), Buffer.alloc(600, 1));
  return dir;
}

/**
 * The production wiring (compose.ts: sandbox gateway, console on, the site) over a real database
 * on a loopback port. Unlike the integration tests' server it serves a client build (a small one
 * written here, so the suite needs no `npm run build`) and trusts one proxy hop, so that
 * X-Forwarded-For is parsed on every request.
 */
export async function startFuzzServer(database: TestDb): Promise<FuzzServer> {
  const clientDir = writeClientBuild();
  const server = await startTestServer(
    database,
    { ADMIN_PASSWORD: FUZZ_ADMIN_PASSWORD, TRUST_PROXY_HOPS: '1' },
    { site: loadSite(clientDir), logLevel: 'info' },
  );
  return {
    ...server,
    async stop() {
      await server.stop();
      await server.stopJobs();
      fs.rmSync(clientDir, { recursive: true, force: true });
    },
  };
}

/** Signs in to the console (from a client group of its own); resolves with the session cookie. */
export async function logInToConsole(url: string): Promise<string> {
  const response = await send(
    url,
    {
      method: 'POST',
      path: '/api/admin/login',
      headers: { 'Content-Type': 'application/json', Origin: url, 'X-Forwarded-For': newClientAddress() },
      body: Buffer.from(JSON.stringify({ password: FUZZ_ADMIN_PASSWORD })),
    },
    '127.0.0.1',
  );
  const cookie = [response.headers['set-cookie'] ?? []].flat()[0]?.split(';')[0];
  if (response.status !== 200 || !cookie?.startsWith('vitrine_admin=')) throw new Error(`The console login answered ${response.status}`);
  return cookie;
}
