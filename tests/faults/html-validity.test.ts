import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { issueAccessToken } from '../../src/server/access/access-service.ts';
import { uniqueBuyer } from '../support/clients.ts';
import { buyAndPayInSandbox } from '../support/fault-kit.ts';
import { paths, routeKeys } from '../../src/shared/routes.ts';
import { SERVER_ENTRY, startServer, withServerDb, type RunningServer } from '../support/server-process.ts';

/**
 * Every page passes the Nu Html Checker (vnu.jar from the `vnu-jar` package, on the machine's Java:
 * Debian's default-jre-headless): the prerendered pages as the build wrote them, the same pages as
 * the demo server sends them, a paid order's order and member pages, and the pages the server
 * writes itself (the sandbox's payment page, the reminders' and WhatsApp's opt-out pages, the 404).
 * One run of the checker takes them all: the JVM's start is most of its time.
 */

const vnuJar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');
const clientDir = path.join(path.dirname(SERVER_ENTRY), '..', 'client');

/**
 * Messages of the checker's CSS validator that are gaps in it, not errors in the page: the
 * stylesheet inlined in the console's and the order pages is Tailwind's, which registers its
 * custom properties with `@property` (CSS Properties and Values API, in every current browser),
 * and the validator knows neither that rule, nor `margin-trim`, nor a custom property named in
 * `transition-property`. Each pattern is one message, whole; any other CSS message still fails.
 */
const CHECKER_CSS_GAPS = [
  /^CSS: Unrecognized at-rule “@property”\.?$/,
  /^CSS: “margin-trim”: Property “margin-trim” doesn't exist\.?$/,
  /^CSS: “transition-property”: “--tw-[a-z-]+” is not a “transition-property” value\.?$/,
];

interface VnuMessage {
  type: string;
  subType?: string;
  url: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

let server: RunningServer;
let folder: string;

beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-vnu-'));
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
  fs.rmSync(folder, { recursive: true, force: true });
});

/** Writes a page for the checker under a name that says where it came from. */
function keep(name: string, html: string): void {
  fs.writeFileSync(path.join(folder, `${name.replace(/[^a-z0-9]+/gi, '_')}.html`), html);
}

async function fetchPage(pathname: string, init: RequestInit = {}): Promise<string> {
  const response = await fetch(`${server.url}${pathname}`, { redirect: 'manual', ...init });
  expect(response.headers.get('content-type'), pathname).toMatch(/^text\/html/);
  return response.text();
}

it('the Nu Html Checker finds no error on any page: built, served, a paid order’s and the server’s own', async () => {
  const built = fs.readdirSync(clientDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
  expect(built.length, `prerendered pages in ${clientDir}`).toBeGreaterThanOrEqual(9);
  for (const file of built) keep(`built ${file}`, fs.readFileSync(path.join(clientDir, file), 'utf8'));

  // Every page of the route table, and an address of none (the 404).
  for (const route of [...routeKeys.map((key) => paths[key]), '/nao-existe']) keep(`served ${route}`, await fetchPage(route));

  const order = await buyAndPayInSandbox(server, uniqueBuyer('Vera Nunes'));
  keep('sandbox payment page', await fetchPage(`/sandbox/pay/${order.charge_id}`));
  keep('order page', await fetchPage(`/pedido/${order.public_ref}`));
  keep('reminders opt-out', await fetchPage(`/pedido/${order.public_ref}/lembretes/not-the-token`));
  keep('whatsapp opt-out', await fetchPage(`/pedido/${order.public_ref}/whatsapp/not-the-token`));
  const token = await withServerDb(server.dataDir, (db) => issueAccessToken(db.db, order.id, Date.now()));
  const link = await fetch(`${server.url}/acesso/${token}`, { redirect: 'manual' });
  expect(link.status).toBe(303);
  const cookie = link.headers.getSetCookie()[0]!.split(';')[0]!;
  keep('member page', await fetchPage('/acesso', { headers: { Cookie: cookie } }));

  const run = spawnSync('java', ['-jar', vnuJar, '--errors-only', '--format', 'json', '--exit-zero-always', folder], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.error) throw new Error(`The Nu Html Checker needs Java (apt-get install -y default-jre-headless): ${run.error.message}`);
  const { messages } = JSON.parse(run.stderr) as { messages: VnuMessage[] };
  const errors = messages
    .filter((message) => message.type === 'error' || message.subType === 'fatal')
    .filter((message) => !CHECKER_CSS_GAPS.some((gap) => gap.test(message.message)))
    .map((message) => `${path.basename(message.url)}:${message.lastLine ?? '?'}: ${message.message}`);
  expect(errors).toEqual([]);
  // Every page was read: the checker names none it could not open.
  expect(messages.filter((message) => message.type === 'non-document-error')).toEqual([]);
});
