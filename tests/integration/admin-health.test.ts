import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminHealth } from '../../src/shared/admin.ts';
import { gatewayReplies, standInEnv, standInGatewayClient, startGatewayStandIn, type GatewayStandIn } from '../support/gateway-stand-in.ts';
import { createSqliteDb } from './test-db.ts';
import { startTestServer, type TestServer } from './test-server.ts';

/** Saúde with a real gateway client against a stand-in gateway: found, then unreachable. */
describe('console health with a real gateway', () => {
  let db: Awaited<ReturnType<typeof createSqliteDb>>;
  let gateway: GatewayStandIn;
  let server: TestServer;
  const PASSWORD = 'senha-do-painel-saude';

  beforeAll(async () => {
    db = await createSqliteDb();
    gateway = await startGatewayStandIn();
    server = await startTestServer(
      db,
      standInEnv(gateway, {
        ADMIN_PASSWORD: PASSWORD,
        PUBLIC_URL: 'https://loja.example.com.br',
        SELLER_NAME: 'Loja Exemplo',
        SELLER_DOCUMENT: '11.222.333/0001-81',
        SELLER_ADDRESS: 'Rua A, 1, São Paulo - SP',
        GA_ID: 'G-ABC1234',
      }),
      { gateway: standInGatewayClient(gateway) },
    );
  });
  afterAll(async () => {
    await server.stop();
    await gateway.stop();
    await db.close();
  });

  async function health(): Promise<AdminHealth> {
    const login = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://loja.example.com.br' },
      body: JSON.stringify({ password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('Set-Cookie')!.split(';')[0]!;
    expect(login.headers.get('Set-Cookie')).toMatch(/Secure/);
    return (await (await fetch(`${server.url}/api/admin/health`, { headers: { Cookie: cookie } })).json()) as AdminHealth;
  }
  const byKey = (result: AdminHealth, key: string) => result.checks.find((check) => check.key === key)!;

  it('shows ✓ with the product found, and ✓ for the seller settings, https and trackers', async () => {
    const result = await health();
    expect(byKey(result, 'gateway')).toMatchObject({
      ok: true,
      detail: 'Produto “Lista de Fornecedores Secretos Vitalícia” e oferta encontrados',
    });
    expect(byKey(result, 'placeholders').ok).toBe(true);
    expect(byKey(result, 'publicUrl').ok).toBe(true);
    expect(byKey(result, 'trackers').ok).toBe(true);
    // A real gateway that never posted back is worth a look.
    expect(byKey(result, 'postback')).toMatchObject({ ok: false, detail: 'Nenhum aviso recebido ainda' });
  });

  it('shows ✗ with the fix when the gateway does not answer', async () => {
    gateway.onProducts = (c) => gatewayReplies.message(c, 401, 'Unauthenticated.');
    const check = byKey(await health(), 'gateway');
    expect(check.ok).toBe(false);
    expect(check.fix).toBe('Confira PROVIDER_URL, PROVIDER_TOKEN e PRODUCT_HASH e se o produto tem uma oferta ativa no gateway.');
  });
});
