import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGatewayClient } from '../../../src/server/gateway/providers/tribopay/tribopay-client.ts';
import { GatewayError } from '../../../src/server/gateway/types.ts';
import type { ChargeInput } from '../../../src/server/gateway/providers/tribopay/tribopay-types.ts';
import { createLogger, type LogLevel } from '../../../src/server/lib/logger.ts';
import {
  STAND_IN_PRODUCT_HASH,
  STAND_IN_TOKEN,
  standInGatewayClient,
  startGatewayStandIn,
  type ChargeLedger,
  type GatewayStandIn,
} from '../../support/providers/tribopay/tribopay-stand-in.ts';
import { refusedUrl } from '../../support/loopback.ts';

/**
 * The real client's refund call (docs/gateway.md#11-refunds), over real HTTP, against the stand-in's
 * refund behaviours and odd replies. No storage is involved: the client keeps no state.
 */

/** The tail every "the refund may have been made" message ends with. */
const MAY_HAVE_HAPPENED = 'O reembolso pode ter sido feito: a transação é conferida antes de qualquer nova tentativa.';

const logLines: Array<{ level: LogLevel; line: string }> = [];
const logger = createLogger({ level: 'debug', sink: { write: (level, line) => logLines.push({ level, line }) } });

let gateway: GatewayStandIn;
let ledger: ChargeLedger;

beforeAll(async () => {
  gateway = await startGatewayStandIn({ basePath: '/api' });
});

afterAll(async () => {
  await gateway.stop();
  for (const { line } of logLines) expect(line).not.toContain(STAND_IN_TOKEN);
});

beforeEach(() => {
  gateway.requests.length = 0;
  ledger = gateway.rememberCharges();
});

const client = () => standInGatewayClient(gateway, { logger });

const chargeInput: ChargeInput = {
  amountCents: 1990,
  product: { productHash: STAND_IN_PRODUCT_HASH, offerHash: 'off_standin', title: 'Lista', priceCents: 1990, cover: null },
  customer: { name: 'Maria Souza', email: 'maria@example.com', phoneDigits: '11987654321', document: '52998224725' },
  postbackUrl: 'https://loja.example/api/webhooks/gateway?t=order.secret',
  expireInDays: 1,
};

/** A charge the buyer has paid, at the stand-in. */
async function paidTransaction(): Promise<string> {
  const { transactionHash } = await client().createCharge(chargeInput);
  ledger.pay(transactionHash);
  return transactionHash;
}

async function refundFailure(hash: string, gatewayClient = client()): Promise<GatewayError> {
  const error = await gatewayClient.refundTransaction(hash).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(GatewayError);
  expect((error as GatewayError).kind).toBe('refund');
  return error as GatewayError;
}

describe('refundTransaction against the ledger', () => {
  it('POSTs once to {provider}/public/v1/transactions/{hash}/refund with the token; later reads say refunded', async () => {
    const hash = await paidTransaction();
    expect(await client().refundTransaction(hash)).toEqual({ rawStatus: 'refunded', state: 'reversed' });
    const refund = gateway.requests.at(-1)!;
    expect(refund).toMatchObject({
      method: 'POST',
      path: `/api/public/v1/transactions/${hash}/refund`,
      headers: expect.objectContaining({ authorization: `Bearer ${STAND_IN_TOKEN}`, 'content-type': 'application/json' }),
      query: {},
      body: { api_token: STAND_IN_TOKEN },
    });
    expect(await client().getTransaction(hash)).toMatchObject({ rawStatus: 'refunded', state: 'reversed' });
    expect(gateway.refundCalls(hash)).toBe(1);
    // A refund is not a charge.
    expect(gateway.charges()).toHaveLength(1);
  });

  it('a second refund is refused for good: 422, not uncertain, in Portuguese with the gateway message', async () => {
    const hash = await paidTransaction();
    await client().refundTransaction(hash);
    const error = await refundFailure(hash);
    expect([error.message, error.httpStatus, error.uncertain]).toEqual([
      'O gateway recusou o reembolso (HTTP 422): Transaction already refunded.',
      422,
      false,
    ]);
    expect(gateway.refundCalls(hash)).toBe(2);
  });

  it('accepted but pending_refund: refunding on the answer and on reads, until the test finishes it', async () => {
    ledger.answerRefunds({ kind: 'pending' });
    const hash = await paidTransaction();
    expect(await client().refundTransaction(hash)).toEqual({ rawStatus: 'pending_refund', state: 'refunding' });
    expect(await client().getTransaction(hash)).toMatchObject({ rawStatus: 'pending_refund', state: 'refunding' });
    // A refund under way is not refunded again.
    expect((await refundFailure(hash)).uncertain).toBe(false);
    ledger.finishRefund(hash);
    expect(await client().getTransaction(hash)).toMatchObject({ rawStatus: 'refunded', state: 'reversed' });
  });

  it('a 422 with a message is a definite refusal, and nothing was refunded', async () => {
    ledger.answerRefunds({ kind: 'fails', status: 422, message: 'Saldo insuficiente para o reembolso.' });
    const hash = await paidTransaction();
    const error = await refundFailure(hash);
    expect([error.message, error.httpStatus, error.uncertain]).toEqual([
      'O gateway recusou o reembolso (HTTP 422): Saldo insuficiente para o reembolso.',
      422,
      false,
    ]);
    expect(await client().getTransaction(hash)).toMatchObject({ state: 'paid' });
  });

  it('an unknown transaction is a definite refusal (404)', async () => {
    const error = await refundFailure('tx_nobody');
    expect([error.message, error.httpStatus, error.uncertain]).toEqual([
      'O gateway recusou o reembolso (HTTP 404): Transação não encontrada.',
      404,
      false,
    ]);
  });

  it('a 500 is uncertain: the refund may have been made, which a re-read shows, so no second call is needed', async () => {
    ledger.answerRefunds({ kind: 'fails', status: 500, message: 'Server Error', refundsAnyway: true });
    const hash = await paidTransaction();
    const error = await refundFailure(hash);
    expect([error.message, error.httpStatus, error.uncertain]).toEqual([
      `O gateway respondeu com erro (HTTP 500): Server Error. ${MAY_HAVE_HAPPENED}`,
      500,
      true,
    ]);
    // What a caller does after an uncertain error: re-read, and stop at `refunded`.
    expect(await client().getTransaction(hash)).toMatchObject({ state: 'reversed' });
    expect(gateway.refundCalls(hash)).toBe(1);
  });

  it('a 503 without a body is uncertain too, and names only its status', async () => {
    ledger.answerRefunds({ kind: 'fails', status: 503 });
    const hash = await paidTransaction();
    const error = await refundFailure(hash);
    expect([error.message, error.uncertain]).toEqual([`O gateway respondeu com erro (HTTP 503). ${MAY_HAVE_HAPPENED}`, true]);
    expect(await client().getTransaction(hash)).toMatchObject({ state: 'paid' });
  });

  it('a hang past the timeout is uncertain, bounded, and never retried by the client', async () => {
    ledger.answerRefunds({ kind: 'hangs', ms: 800, refundsAnyway: true });
    const hash = await paidTransaction();
    const started = Date.now();
    const error = await refundFailure(hash);
    expect(Date.now() - started).toBeLessThan(800);
    expect([error.message, error.httpStatus, error.uncertain]).toEqual([
      `O gateway não deu resposta (tempo esgotado ou conexão perdida). ${MAY_HAVE_HAPPENED}`,
      undefined,
      true,
    ]);
    // Give a retry every chance to show up.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(gateway.refundCalls(hash)).toBe(1);
    expect(await client().getTransaction(hash)).toMatchObject({ state: 'reversed' });
  });
});

describe('refundTransaction, odd replies', () => {
  it('reads a data wrapper, an empty 200 or 204, and an object that is not the transaction', async () => {
    gateway.onRefund = (c, hash) => c.json({ success: true, data: { hash, payment_status: 'Pending_Refund' } });
    expect(await client().refundTransaction('tx1')).toEqual({ rawStatus: 'Pending_Refund', state: 'refunding' });
    for (const answer of [() => new Response(null, { status: 200 }), () => new Response(null, { status: 204 })]) {
      gateway.onRefund = answer;
      expect(await client().refundTransaction('tx1')).toEqual({ rawStatus: null, state: 'unknown' });
    }
    gateway.onRefund = (c) => c.json({ id: 88, status: 'pending', amount: 1990 });
    expect(await client().refundTransaction('tx1')).toEqual({ rawStatus: null, state: 'unknown' });
  });

  it('an unreadable 2xx, success: false, or another transaction is uncertain', async () => {
    const unreadable = `O gateway aceitou o pedido, mas a resposta não pôde ser lida. ${MAY_HAVE_HAPPENED}`;
    gateway.onRefund = (c) => c.html('<html><body>OK</body></html>');
    expect(await refundFailure('tx1')).toMatchObject({ message: unreadable, httpStatus: 200, uncertain: true });
    gateway.onRefund = (c) => c.json({ success: false, message: 'Não foi possível' });
    expect(await refundFailure('tx1')).toMatchObject({ message: unreadable, uncertain: true });
    gateway.onRefund = (c) => c.json({ hash: 'someone-else', payment_status: 'refunded' });
    expect(await refundFailure('tx1')).toMatchObject({ message: unreadable, uncertain: true });
    gateway.onRefund = (c) => c.json(['refunded']);
    expect(await refundFailure('tx1')).toMatchObject({ message: unreadable, uncertain: true });
  });

  it("shows no markup, no control characters and at most 200 characters of the gateway's message", async () => {
    gateway.onRefund = (c) => c.html('<html><h1>403 Forbidden</h1></html>', 403);
    expect((await refundFailure('tx1')).message).toBe('O gateway recusou o reembolso (HTTP 403).');
    gateway.onRefund = (c) => c.json({ message: `<img src=x onerror=alert(1)>Bloqueado\u0007\u202e ${'x'.repeat(400)}` }, 400);
    const { message } = await refundFailure('tx1');
    expect(message.startsWith('O gateway recusou o reembolso (HTTP 400): Bloqueado xxx')).toBe(true);
    for (const unwanted of ['<', '>', '\u0007', '\u202e']) expect(message).not.toContain(unwanted);
    expect(message.length).toBeLessThanOrEqual('O gateway recusou o reembolso (HTTP 400): .'.length + 200);
  });

  it('an unknown route (the endpoint missing) and a redirect are definite refusals', async () => {
    gateway.onRefund = (c) =>
      c.json({ success: false, message: 'The route public/v1/transactions/tx1/refund could not be found.', status: 404 }, 404);
    expect(await refundFailure('tx1')).toMatchObject({
      message: 'O gateway recusou o reembolso (HTTP 404): The route public/v1/transactions/tx1/refund could not be found.',
      httpStatus: 404,
      uncertain: false,
    });
    gateway.onRefund = (c) => c.redirect('http://gateway.invalid/login', 302);
    expect(await refundFailure('tx1')).toMatchObject({ httpStatus: 302, uncertain: false });
    expect(gateway.requests.filter((request) => request.method === 'POST')).toHaveLength(2);
  });

  it('a refused connection is definite: nothing was sent', async () => {
    const refused = createGatewayClient({ baseUrl: await refusedUrl(), token: STAND_IN_TOKEN, productHash: STAND_IN_PRODUCT_HASH, logger });
    expect(await refundFailure('tx1', refused)).toMatchObject({
      message: 'Não foi possível falar com o gateway: o reembolso não foi pedido.',
      httpStatus: undefined,
      uncertain: false,
    });
  });

  it('a connection lost after sending is uncertain, and never retried', async () => {
    gateway.onRefund = (c) => {
      (c.env as { incoming: { socket: { destroy(): void } } }).incoming.socket.destroy();
      return new Promise<Response>(() => undefined);
    };
    expect(await refundFailure('tx1')).toMatchObject({
      message: `O gateway não deu resposta (tempo esgotado ou conexão perdida). ${MAY_HAVE_HAPPENED}`,
      uncertain: true,
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(gateway.refundCalls('tx1')).toBe(1);
  });

  it('escapes the hash in the path, and logs one line without the token', async () => {
    gateway.onRefund = (c) => c.json({ message: 'Transação não encontrada' }, 404);
    const before = logLines.length;
    await refundFailure('a/b?c');
    expect(gateway.requests.at(-1)!.path).toBe('/api/public/v1/transactions/a%2Fb%3Fc/refund');
    expect(gateway.refundCalls('a/b?c')).toBe(1);
    const lines = logLines.slice(before);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.line).toMatch(
      /WARN Gateway call method=POST path=\/api\/public\/v1\/transactions\/a%2Fb%3Fc\/refund status=404 ms=\d+/,
    );
  });

  it('refuses an empty hash without a request', async () => {
    await expect(client().refundTransaction('  ')).rejects.toThrow(TypeError);
    expect(gateway.requests).toHaveLength(0);
  });
});
