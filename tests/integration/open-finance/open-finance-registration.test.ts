/**
 * At start, with Open Finance on, the server registers where Efí sends the buyer back and posts its callbacks
 * (`PUT /v1/config`, the Open Finance stand-in's rules: tests/integration/open-finance/provider-efi-open-finance.test.ts), and
 * leaves them alone when they are already its own.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { providersEnv } from '../../support/provider-rig.ts';
import { EfiOpenFinanceStandIn, OPEN_FINANCE_TEST_SELLER } from '../../support/providers/efi/efi-open-finance-stand-in.ts';
import { startEfiStandIn } from '../../support/providers/efi/efi-stand-in.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { createSqliteDb, type TestDb } from '../test-db.ts';

const HMAC = 'hash-do-registro-open-finance-41ab';
const ACCOUNT = OPEN_FINANCE_TEST_SELLER.account;

describe('Open Finance settings registered at start', () => {
  let db: TestDb;
  let efi: Awaited<ReturnType<typeof startEfiStandIn>>;
  let bank: EfiOpenFinanceStandIn;
  let server: TestServer | undefined;

  beforeAll(async () => {
    db = await createSqliteDb();
    efi = await startEfiStandIn();
    const env = efi.env();
    bank = new EfiOpenFinanceStandIn({
      pki: efi.pki,
      clientId: env.EFI_CLIENT_ID!,
      clientSecret: env.EFI_CLIENT_SECRET!,
      pixKey: env.EFI_PIX_KEY!,
      account: ACCOUNT,
    });
    await bank.start();
  });
  afterEach(async () => {
    await server?.stopJobs();
    await server?.background.idle();
    await server?.stop();
    server = undefined;
  });
  afterAll(async () => {
    await bank?.stop();
    await efi?.stop();
    await db?.close();
  });

  /** A server whose PUBLIC_URL is its own address (on `port` when given), its jobs started as run-server.ts starts them. */
  async function start(extra: Record<string, string> = {}, port?: number) {
    const env = providersEnv(['efi'], efi.env(), {
      EFI_WEBHOOK_HMAC: HMAC,
      EFI_OPEN_FINANCE: 'on',
      EFI_OPEN_FINANCE_API_URL: bank.url,
      ...(port ? { PUBLIC_URL: `http://127.0.0.1:${port}` } : {}),
      ...extra,
    });
    server = await startTestServer(db, env, port ? { efiCa: efi.ca, port } : { ownPublicUrl: true, efiCa: efi.ca });
    server.startJobs();
    await server.background.idle();
    return server;
  }

  const configPuts = () => bank.requests.filter((request) => request.method === 'PUT' && request.path === '/v1/config').length;

  it('registers redirectURL and webhookURL on PUBLIC_URL with the hmac, then, started again, only reads them', async () => {
    expect(bank.config).toBeNull();
    const first = await start();
    expect(bank.config).toEqual({
      redirectURL: `${first.url}/api/open-finance/volta`,
      webhookURL: `${first.url}/api/webhooks/efi-open-finance`,
      webhookSecurity: { type: 'hmac', hash: HMAC },
    });
    expect(configPuts()).toBe(1);
    expect(first.logLines.some(({ line }) => line.includes('Open Finance settings registered at Efí'))).toBe(true);
    expect(bank.violations).toEqual([]);
    await first.stopJobs();
    await first.stop();
    server = undefined;

    // Same address, same settings: nothing to change at Efí.
    const again = await start({}, Number(new URL(first.url).port));
    expect(again.url).toBe(first.url);
    expect(configPuts()).toBe(1);
    expect(bank.requests.some((request) => request.method === 'GET' && request.path === '/v1/config')).toBe(true);
  });

  it('a refusal from Efí is logged and the server keeps serving', async () => {
    bank.config = null;
    const running = await start({ EFI_OPEN_FINANCE_API_URL: bank.url.replace('/v1', '/v9') });
    expect(bank.config).toBeNull();
    const warned = running.logLines.some(({ level, line }) => level === 'warn' && line.includes('Open Finance settings not registered'));
    expect(warned).toBe(true);
    expect((await fetch(`${running.url}/healthz`)).status).toBe(200);
  });
});
