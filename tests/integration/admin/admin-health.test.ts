import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_SKIP_MS } from '../../../src/server/gateway/payments.ts';
import type { AdminHealth, AdminOrderDetail, AdminOrderList } from '../../../src/shared/admin.ts';
import { newCheckoutKey, postOrder, signInToConsole, uniqueBuyer } from '../../support/clients.ts';
import { gatewayReplies, standInGatewayClient } from '../../support/providers/tribopay/tribopay-stand-in.ts';
import { consoleCall } from '../../support/purchase.ts';
import { REAL_GATEWAY_TEST_ENV } from '../../support/real-gateway-env.ts';
import {
  MP_STAND_IN_TOKEN,
  MP_STAND_IN_WEBHOOK_SECRET,
  startMercadoPagoStandIn,
  type MercadoPagoStandIn,
} from '../../support/providers/mercadopago/mercadopago-stand-in.ts';
import { createSqliteDb } from '../test-db.ts';
import { useTestServer } from '../../support/test-server.ts';

/** Saúde with a real gateway client against a stand-in gateway: found, then unreachable. */
describe('console health with a real gateway', () => {
  const PASSWORD = 'senha-do-painel-saude';
  const PUBLIC_URL = 'https://loja.example.com.br';
  const running = useTestServer(
    { create: createSqliteDb },
    {
      ADMIN_PASSWORD: PASSWORD,
      PUBLIC_URL,
      SELLER_NAME: 'Loja Exemplo',
      SELLER_DOCUMENT: '11.222.333/0001-81',
      SELLER_ADDRESS: 'Rua A, 1, São Paulo - SP',
      GA_ID: 'G-ABC1234',
    },
    { gateway: (standIn) => standInGatewayClient(standIn) },
  );

  /** Signs in (over https, so the cookie is Secure) and reads Saúde. */
  async function health(): Promise<AdminHealth> {
    const { server } = running;
    const login = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: PUBLIC_URL },
      body: JSON.stringify({ password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('Set-Cookie')!.split(';')[0]!;
    expect(login.headers.get('Set-Cookie')).toMatch(/Secure/);
    return (await (await consoleCall(server.url, cookie, '/health', undefined, { origin: PUBLIC_URL })).json()) as AdminHealth;
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
    const { gateway } = running;
    gateway.onProducts = (c) => gatewayReplies.message(c, 401, 'Unauthenticated.');
    const check = byKey(await health(), 'gateway');
    expect(check.ok).toBe(false);
    expect(check.fix).toBe('Confira PROVIDER_URL, PROVIDER_TOKEN e PRODUCT_HASH e se o produto tem uma oferta ativa no gateway.');
  });

  it('shows the sole provider’s last error, and never a skip: with nowhere else to go it is always tried', async () => {
    const { gateway, server } = running;
    gateway.onProducts = (c) => gatewayReplies.products(c);
    gateway.onCreate = (c) => gatewayReplies.message(c, 500, 'Server Error');
    const before = Date.now();
    expect((await postOrder(server.url, { ...uniqueBuyer('Caio Reis'), checkoutKey: newCheckoutKey() })).status).toBe(502);
    const [tribopay, ...others] = (await health()).providers;
    expect(others).toEqual([]);
    expect(tribopay).toMatchObject({ id: 'tribopay', name: 'TriboPay', lastSuccessAt: null, skippedUntil: null });
    expect(tribopay!.lastError?.message).toBe('Server Error');
    expect(tribopay!.lastError?.at).toBeGreaterThanOrEqual(before);
  });
});

/**
 * Saúde and Pedidos with two PIX providers (PAYMENT_PROVIDERS=tribopay,mercadopago), each against
 * its stand-in, and TriboPay failing. What the console shows follows what the checkout does
 * (docs/payments.md#pix-providers): a TriboPay 500 may have written the charge, so that buyer gets
 * the error rather than a second PIX, and TriboPay is skipped; a refused credential is TriboPay's
 * own trouble, so Mercado Pago creates the PIX in the same tap.
 */
describe('console with two PIX providers, the first failing', () => {
  let mercadopago: MercadoPagoStandIn;
  let cookie: string;
  const PASSWORD = 'senha-do-painel-provedores';
  // The stand-in checks the PIX's expiry against its own clock: it reads the server's.
  beforeAll(async () => {
    mercadopago = await startMercadoPagoStandIn({ now: () => running.clock.now });
  });
  afterAll(() => mercadopago.stop());
  const running = useTestServer(
    { create: createSqliteDb },
    () => ({
      ADMIN_PASSWORD: PASSWORD,
      PAYMENT_PROVIDERS: 'tribopay,mercadopago',
      MERCADOPAGO_ACCESS_TOKEN: MP_STAND_IN_TOKEN,
      MERCADOPAGO_WEBHOOK_SECRET: MP_STAND_IN_WEBHOOK_SECRET,
      MERCADOPAGO_API_URL: mercadopago.url,
    }),
    { gateway: (standIn) => standInGatewayClient(standIn), clock: 'now' },
  );
  beforeAll(async () => {
    cookie = await signInToConsole(running.server.url, PASSWORD, REAL_GATEWAY_TEST_ENV.PUBLIC_URL);
  });

  const consoleGet = (path: string) =>
    consoleCall(running.server.url, cookie, path, undefined, { origin: REAL_GATEWAY_TEST_ENV.PUBLIC_URL });
  const health = async () => (await (await consoleGet('/health')).json()) as AdminHealth;
  const checkout = (name: string) =>
    postOrder<{ orderId: string; pix: { code: string }; error?: string }>(running.server.url, {
      ...uniqueBuyer(name),
      checkoutKey: newCheckoutKey(),
    });
  /** The order as Pedidos shows it: in the list, in its detail and in the CSV export. */
  async function consoleOrder(orderId: string) {
    const list = (await (await consoleGet('/orders')).json()) as AdminOrderList;
    const detail = (await (await consoleGet(`/orders/${orderId}`)).json()) as AdminOrderDetail;
    const csv = (await (await consoleGet('/orders.csv')).text()).split('\r\n');
    return {
      listed: list.orders.find((order) => order.id === orderId),
      detail,
      // The provider, then the net amount, end each line.
      csvProvider: csv
        .find((line) => line.startsWith(`${orderId};`))
        ?.split(';')
        .at(-2),
    };
  }

  /** Both take charges, hold no open order, and no webhook of theirs was refused. */
  const nothingStored = { retired: false, unsettledOrders: 0, invalidSignatures: null };

  it('lists both providers in the seller’s order, neither used yet', async () => {
    expect((await health()).providers).toEqual([
      { id: 'tribopay', name: 'TriboPay', lastSuccessAt: null, lastError: null, skippedUntil: null, ...nothingStored },
      { id: 'mercadopago', name: 'Mercado Pago', lastSuccessAt: null, lastError: null, skippedUntil: null, ...nothingStored },
    ]);
  });

  it('a TriboPay 500 shows its error and a skip of a minute; that order stays TriboPay’s', async () => {
    const { gateway, clock } = running;
    gateway.onCreate = (c) => gatewayReplies.message(c, 500, 'Server Error');
    const failedAt = clock.now;
    const { status } = await checkout('Rita Campos');
    // The charge may exist at TriboPay, which takes no key: no second PIX for this buyer.
    expect(status).toBe(502);
    expect(mercadopago.payments.size).toBe(0);

    const result = await health();
    expect(result.now).toBe(failedAt);
    expect(result.providers).toEqual([
      {
        id: 'tribopay',
        name: 'TriboPay',
        lastSuccessAt: null,
        lastError: { at: failedAt, message: 'Server Error' },
        skippedUntil: failedAt + FIRST_SKIP_MS,
        ...nothingStored,
      },
      { id: 'mercadopago', name: 'Mercado Pago', lastSuccessAt: null, lastError: null, skippedUntil: null, ...nothingStored },
    ]);
    // TriboPay's catalogue is still checked as before: the product is found.
    expect(result.checks.find((check) => check.key === 'gateway')).toMatchObject({ ok: true });

    // The buyer's one order, failed, names the provider that was asked for its charge.
    const { orders } = (await (await consoleGet('/orders')).json()) as AdminOrderList;
    expect(orders).toMatchObject([{ status: 'failed', provider: 'tribopay', providerName: 'TriboPay' }]);
  });

  it('while TriboPay is skipped the next buyer’s PIX comes from Mercado Pago, and the order says so', async () => {
    const { gateway, clock } = running;
    clock.now += 10_000;
    const { status, body } = await checkout('Davi Nunes');
    expect(status).toBe(201);
    expect(gateway.charges()).toHaveLength(1);
    expect(body.pix.code).toBe([...mercadopago.payments.values()][0]!.qrCode);
    expect((await health()).providers[1]).toMatchObject({ lastSuccessAt: clock.now, lastError: null, skippedUntil: null });

    const shown = await consoleOrder(body.orderId);
    expect(shown.listed).toMatchObject({ provider: 'mercadopago', providerName: 'Mercado Pago' });
    expect(shown.detail).toMatchObject({ provider: 'mercadopago', providerName: 'Mercado Pago', status: 'pending' });
    expect(shown.csvProvider).toBe('Mercado Pago');
  });

  it('after the skip TriboPay is tried first again; a refused credential hands the same tap to Mercado Pago', async () => {
    const { gateway, clock } = running;
    clock.now += FIRST_SKIP_MS;
    const [tribopay] = (await health()).providers;
    // The skip is over; the last error stays on show until TriboPay creates a charge again.
    expect(tribopay).toMatchObject({ skippedUntil: null, lastError: { message: 'Server Error' } });

    gateway.onCreate = (c) => gatewayReplies.message(c, 401, 'Unauthenticated.');
    const { status, body } = await checkout('Ana Prado');
    expect(status).toBe(201);
    expect(gateway.charges()).toHaveLength(2);
    expect(mercadopago.payments.size).toBe(2);
    expect(body.pix.code).toBe([...mercadopago.payments.values()][1]!.qrCode);

    // A second failure in a row doubles the skip.
    expect((await health()).providers).toMatchObject([
      { id: 'tribopay', lastError: { at: clock.now, message: 'Unauthenticated.' }, skippedUntil: clock.now + 2 * FIRST_SKIP_MS },
      { id: 'mercadopago', lastSuccessAt: clock.now, lastError: null, skippedUntil: null },
    ]);
    const shown = await consoleOrder(body.orderId);
    expect(shown.listed?.providerName).toBe('Mercado Pago');
    expect(shown.detail.providerName).toBe('Mercado Pago');
    expect(shown.csvProvider).toBe('Mercado Pago');
  });
});
