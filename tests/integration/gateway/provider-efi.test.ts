/**
 * The Efí adapter over real HTTPS (mutual TLS) against a stand-in that requires a client certificate.
 *
 * Sources the adapter and the stand-in (tests/support/providers/efi/efi-stand-in.ts) follow:
 * - Banco Central, "API Pix" 2.9.0: github.com/bacen/pix-api `openapi.yaml` — `PUT|GET /cob/{txid}`,
 *   `PUT|GET /pix/{e2eid}/devolucao/{id}`, `PUT /webhook/{chave}` (body `WebhookSolicitado`, `webhookUrl`
 *   alone; 200 with no body; 400 `WebhookOperacaoInvalida` when {chave} is not a key of this account or
 *   `webhookUrl` breaks the schema) and its callback `POST {webhookUrl}/pix` with `{ pix: [Pix] }` (also on
 *   a devolução's final status), `GET /webhook/{chave}` (`WebhookCompleto`, example `webhookResponse1`;
 *   404 `WebhookNaoEncontrado` when none is set), `chave` maxLength 77; schemas `TxId` ([a-zA-Z0-9]{26,35}),
 *   `EndToEndId`, `DevolucaoId` ([a-zA-Z0-9]{1,35}), `CobValor.original` / `Pix.valor` / `Devolucao.valor`
 *   (`\d{1,10}\.\d{2}`), `CobrancaStatus`, `Devolucao.status`, `Problema` (RFC 7807); examples
 *   `cobResponse1/2` (numeric `loc.id`), `pixWebhook1` (`devolucoes` as one object), `devolucaoResponse1/2`;
 *   the violations listed for `PUT /cob/{txid}` and `PUT /pix/{e2eid}/devolucao/{id}`; OAuth2 client credentials.
 * - Efí: github.com/efipay/sdk-node-apis-efi `src/constants/endpoints.ts` (base URLs
 *   pix.api.efipay.com.br / pix-h.api.efipay.com.br, `POST /oauth/token`, `GET /v2/loc/:id/qrcode`) and
 *   `src/httpClient.ts` (certificate as .p12 with an empty passphrase or PEM, on every call);
 *   `src/lib/endpoints.js` (`x-skip-mtls-checking: !validateMtls` on `pixConfigWebhook`, `PUT /v2/webhook/:chave`)
 *   and examples/pix/webhooks/cob-cobv/pixConfigWebhook.js (`validateMtls: false`, body `{ webhookUrl }`);
 *   dev.efipay.com.br/docs/api-pix/credenciais (client credentials, certificate) and
 *   dev.efipay.com.br/docs/api-pix/webhooks (mTLS required on the webhook: a call without a certificate
 *   must be refused); github.com/efipay/mtls-webhook README (Efí appends `/pix` unless the URL holds
 *   `ignorar=`); comunidade.sejaefi.com.br "Configuração de Webhook com Skip-mTLS" (2025-01-17: without
 *   mTLS, check the `hmac` query parameter registered in the URL and the source IP 34.193.116.226).
 */
import { readFileSync } from 'node:fs';
import https from 'node:https';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { efiCopy } from '../../../src/content/providers.ts';
import type { CreatePixInput, WebhookRequest } from '../../../src/server/gateway/pix-provider.ts';
import {
  createEfiProvider,
  EfiWebhookError,
  type EfiProvider,
  type EfiSettings,
} from '../../../src/server/gateway/providers/efi/efi-provider.ts';
import { clientCertificateProblem } from '../../../src/server/lib/client-certificate.ts';
import { centsToReais, reaisToCents } from '../../../src/server/gateway/providers/efi/pix-api-parse.ts';
import { GatewayError } from '../../../src/server/gateway/types.ts';
import { announceSeed, FUZZ_SEED as SEED } from '../../fuzz/fuzz-kit.ts';
import { refusedUrl } from '../../support/loopback.ts';
import { EfiStandIn, makeTestPki, type TestPki } from '../../support/providers/efi/efi-stand-in.ts';
import { startWebhookTerminator } from '../../support/providers/efi/efi-webhook-terminator.ts';

const CLIENT_ID = 'Client_Id_stand_in';
const CLIENT_SECRET = 'Client_Secret_stand_in';
const PIX_KEY = '7d9f0335-8dcc-4054-9bf9-0dbd61d36906';
const HMAC_SECRET = 'hmac-secret-of-the-seller';

let pki: TestPki;
let standIn: EfiStandIn;
let clock: number;

function settings(overrides: Partial<EfiSettings> = {}): EfiSettings {
  return {
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    certificatePath: pki.sellerP12Path,
    pixKey: PIX_KEY,
    apiUrl: standIn.url,
    webhookHmacSecret: HMAC_SECRET,
    allowedIps: ['34.193.116.226'],
    ...overrides,
  };
}

function provider(overrides: Partial<EfiSettings> = {}, timeoutMs = 2_000): EfiProvider {
  return createEfiProvider(settings(overrides), { ca: pki.caCert, now: () => clock, timeoutMs });
}

let keyCounter = 0;
function input(overrides: Partial<CreatePixInput> = {}): CreatePixInput {
  keyCounter++;
  return {
    idempotencyKey: `order-${keyCounter}:attempt-1`,
    amountCents: 1990,
    items: [{ title: 'Guia de Fornecedores', priceCents: 1990 }],
    customer: { name: 'Maria Silva', email: 'maria@example.com', phoneDigits: '11987654321', document: '123.456.789-09' },
    webhookUrl: 'https://loja.example/api/webhooks/efi',
    expiresInSeconds: 3600,
    requestedAt: clock,
    ...overrides,
  };
}

/** What `promise` was rejected with, which must be an `ErrorClass`. */
async function rejection<E>(promise: Promise<unknown>, ErrorClass: abstract new (...args: never[]) => E): Promise<E> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ErrorClass);
  return error as E;
}

const gatewayFailure = (promise: Promise<unknown>) => rejection(promise, GatewayError);

function causeOf(error: GatewayError): string {
  return error.cause instanceof Error ? error.cause.message : '';
}

beforeAll(() => {
  pki = makeTestPki();
});

afterAll(() => pki.cleanup());

beforeEach(async () => {
  clock = Date.parse('2026-03-02T15:00:00.000Z');
  standIn = new EfiStandIn({ pki, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, pixKey: PIX_KEY, now: () => clock });
  await standIn.start();
});

afterEach(async () => {
  await standIn.stop();
});

describe('charges', () => {
  it('creates a PIX charge with the documented body, over mTLS, and shows its copy-and-paste code', async () => {
    const efi = provider();
    const charge = await efi.createCharge(
      input({
        amountCents: 2980,
        items: [
          { title: 'Guia', priceCents: 1990 },
          { title: 'Bônus', priceCents: 990 },
        ],
      }),
    );

    expect(charge.chargeId).toMatch(/^[a-zA-Z0-9]{26,35}$/);
    expect(charge.pix.code).toMatch(/^000201/);
    expect(charge.amountCents).toBe(2980);
    expect(charge.state).toBe('pending');
    expect(charge.expiresAt).toBe(clock + 3600 * 1000);

    const [tokenCall, put] = standIn.requests;
    expect(tokenCall).toMatchObject({ method: 'POST', path: '/oauth/token', clientCertificate: true });
    expect(tokenCall!.headers.authorization).toBe(`Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`);
    expect(put).toMatchObject({ method: 'PUT', path: `/v2/cob/${charge.chargeId}`, clientCertificate: true });
    expect(JSON.parse(put!.rawBody)).toEqual({
      calendario: { expiracao: 3600 },
      devedor: { cpf: '12345678909', nome: 'Maria Silva' },
      valor: { original: '29.80' },
      chave: PIX_KEY,
      solicitacaoPagador: 'Guia + Bônus',
    });
    expect(standIn.violations).toEqual([]);
  });

  it('leaves the debtor out when the buyer gave no CPF, as the standard requires a document with a name', async () => {
    await provider().createCharge(input({ customer: { name: 'Ana', email: 'a@example.com', phoneDigits: '11999999999', document: null } }));
    expect(JSON.parse(standIn.requests.at(-1)!.rawBody)).not.toHaveProperty('devedor');
    expect(standIn.violations).toEqual([]);
  });

  it('a retry after the charge was paid returns that charge instead of failing', async () => {
    const efi = provider();
    const request = input();
    const first = await efi.createCharge(request);
    standIn.pay(first.chargeId);
    const again = await efi.createCharge(request);
    expect(again).toMatchObject({ chargeId: first.chargeId, state: 'paid' });
  });

  it('asks Efí for the QR code of the location when the reply has no pixCopiaECola', async () => {
    await standIn.stop();
    standIn = new EfiStandIn({
      pki,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      pixKey: PIX_KEY,
      now: () => clock,
      omitCopiaECola: true,
    });
    await standIn.start();
    const charge = await provider().createCharge(input());
    expect(charge.pix.code).toMatch(/^000201/);
    expect(charge.pix.imageDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(standIn.requests.map((request) => request.method + ' ' + request.path.replace(/\d+/g, 'N'))).toContain('GET /vN/loc/N/qrcode');
  });

  it('keeps one token until shortly before it expires', async () => {
    const efi = provider();
    await efi.createCharge(input());
    await efi.createCharge(input());
    expect(standIn.tokenCalls).toBe(1);
    clock += 3600 * 1000 - 30_000;
    await efi.createCharge(input());
    expect(standIn.tokenCalls).toBe(2);
  });

  it('gets a new token once when Efí revokes the old one early', async () => {
    const efi = provider();
    await efi.createCharge(input());
    standIn.revokeTokens();
    const charge = await efi.createCharge(input());
    expect(charge.pix.code).toBeTruthy();
    expect(standIn.tokenCalls).toBe(2);
  });

  it('reads a charge back: paid with its end-to-end id, expired, removed', async () => {
    const efi = provider();
    const charge = await efi.createCharge(input());
    expect(await efi.getCharge(charge.chargeId)).toMatchObject({ rawStatus: 'ATIVA', endToEndId: null });

    const endToEndId = standIn.pay(charge.chargeId);
    expect(await efi.getCharge(charge.chargeId)).toEqual({
      chargeId: charge.chargeId,
      amountCents: 1990,
      state: 'paid',
      rawStatus: 'CONCLUIDA',
      endToEndId,
      refundedCents: 0,
    });

    const late = await efi.createCharge(input({ expiresInSeconds: 60 }));
    clock += 61_000;
    expect(await efi.getCharge(late.chargeId)).toMatchObject({ state: 'failed', rawStatus: 'ATIVA' });

    const removed = await efi.createCharge(input());
    standIn.remove(removed.chargeId);
    expect(await efi.getCharge(removed.chargeId)).toMatchObject({ state: 'failed', rawStatus: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' });
  });
});

describe('refunds (devoluções)', () => {
  it('refunds part, then the rest, and reads each devolução back', async () => {
    const efi = provider();
    const charge = await efi.createCharge(input({ amountCents: 2980 }));
    const endToEndId = standIn.pay(charge.chargeId);
    const paid = await efi.getCharge(charge.chargeId);

    const part = await efi.refund(paid, { refundId: 'refund-7:addon', amountCents: 990 });
    expect(part).toEqual({ refundId: 'refund-7:addon', amountCents: 990, state: 'pending', rawStatus: 'EM_PROCESSAMENTO' });
    const put = standIn.requests.at(-1)!;
    expect(put.method).toBe('PUT');
    expect(put.path).toMatch(new RegExp(`^/v2/pix/${endToEndId}/devolucao/[a-zA-Z0-9]{1,35}$`));
    expect(JSON.parse(put.rawBody)).toEqual({ valor: '9.90' });

    const devolucaoId = put.path.split('/').at(-1)!;
    standIn.settleRefund(endToEndId, devolucaoId, 'DEVOLVIDO');
    expect(await efi.getRefund(paid, 'refund-7:addon')).toMatchObject({ state: 'done', rawStatus: 'DEVOLVIDO', amountCents: 990 });
    expect((await efi.getCharge(charge.chargeId)).state).toBe('paid');

    await efi.refund(paid, { refundId: 'R8', amountCents: 1990 });
    expect((await efi.getCharge(charge.chargeId)).state).toBe('refunding');
    standIn.settleRefund(endToEndId, 'R8', 'DEVOLVIDO');
    expect((await efi.getCharge(charge.chargeId)).state).toBe('reversed');
    expect(standIn.violations).toEqual([]);
  });

  it('a devolução Efí could not make reads as failed', async () => {
    const efi = provider();
    const charge = await efi.createCharge(input());
    const endToEndId = standIn.pay(charge.chargeId);
    const paid = await efi.getCharge(charge.chargeId);
    await efi.refund(paid, { refundId: 'R1', amountCents: 1990 });
    standIn.settleRefund(endToEndId, 'R1', 'NAO_REALIZADO');
    expect(await efi.getRefund(paid, 'R1')).toMatchObject({ state: 'failed', rawStatus: 'NAO_REALIZADO' });
  });

  it('refusals are certain, lost answers and 5xx are not', async () => {
    const efi = provider({}, 500);
    const charge = await efi.createCharge(input());
    standIn.pay(charge.chargeId);
    const paid = await efi.getCharge(charge.chargeId);

    const tooMuch = await gatewayFailure(efi.refund(paid, { refundId: 'R1', amountCents: 5000 }));
    expect(tooMuch).toMatchObject({ kind: 'refund', httpStatus: 400, uncertain: false });
    expect(tooMuch.message).toContain('excederia o valor do pix originário');

    standIn.script('PUT', '/v2/pix/', {
      kind: 'status',
      status: 503,
      body: '{"type":"https://pix.bcb.gov.br/api/v2/error/ServicoIndisponivel","title":"Serviço Indisponível","status":503}',
    });
    const unavailable = await gatewayFailure(efi.refund(paid, { refundId: 'R2', amountCents: 100 }));
    expect(unavailable).toMatchObject({ kind: 'refund', httpStatus: 503, uncertain: true });
    expect(unavailable.message).toContain(efiCopy.refundMayHaveHappened);

    standIn.script('PUT', '/v2/pix/', { kind: 'drop-after' });
    const dropped = await gatewayFailure(efi.refund(paid, { refundId: 'R3', amountCents: 100 }));
    expect(dropped).toMatchObject({ kind: 'refund', uncertain: true });
    // It was made: reading it is how the console finds out.
    expect(await efi.getRefund(paid, 'R3')).toMatchObject({ state: 'pending', amountCents: 100 });

    standIn.script('PUT', '/v2/pix/', { kind: 'hang' });
    expect(await gatewayFailure(efi.refund(paid, { refundId: 'R4', amountCents: 100 }))).toMatchObject({ uncertain: true });

    const missing = await gatewayFailure(efi.getRefund(paid, 'R4'));
    expect(missing).toMatchObject({ kind: 'refund', httpStatus: 404, uncertain: false, message: efiCopy.refundNotFound });
    // Efí's own shape for the same: a 400 whose `nome` says not found is "not asked" too.
    standIn.script('GET', '/v2/pix/', {
      kind: 'status',
      status: 400,
      body: '{"nome":"devolucao_nao_encontrada","mensagem":"Nenhuma devolução encontrada para o id informado"}',
    });
    expect(await gatewayFailure(efi.getRefund(paid, 'R4'))).toMatchObject({
      kind: 'refund',
      uncertain: false,
      message: efiCopy.refundNotFound,
    });
  });

  it('a charge without a paid Pix cannot be refunded, and nothing is sent', async () => {
    const efi = provider();
    const charge = await efi.createCharge(input());
    const record = await efi.getCharge(charge.chargeId);
    const sent = standIn.requests.length;
    const error = await gatewayFailure(efi.refund(record, { refundId: 'R1', amountCents: 100 }));
    expect(error).toMatchObject({ kind: 'refund', uncertain: false, message: efiCopy.noPaymentToRefund });
    expect(standIn.requests.length).toBe(sent);
  });
});

describe('errors when creating a charge', () => {
  it('a 5xx, a timeout or a connection cut after sending leave the charge uncertain; a 4xx does not', async () => {
    const efi = provider({}, 400);
    standIn.script('PUT', '/v2/cob/', {
      kind: 'status',
      status: 500,
      body: '{"type":"https://pix.bcb.gov.br/api/v2/error/ErroInternoDoServidor","title":"Erro","status":500}',
    });
    const serverError = await gatewayFailure(efi.createCharge(input()));
    expect(serverError).toMatchObject({ kind: 'charge', httpStatus: 500, uncertain: true, message: 'Erro ao processar pagamento: 500' });

    standIn.script('PUT', '/v2/cob/', { kind: 'hang' });
    expect(await gatewayFailure(efi.createCharge(input()))).toMatchObject({
      kind: 'charge',
      uncertain: true,
      message: 'Erro ao processar pagamento',
    });

    standIn.script('PUT', '/v2/cob/', { kind: 'drop-after' });
    expect(await gatewayFailure(efi.createCharge(input()))).toMatchObject({ uncertain: true });

    standIn.script('PUT', '/v2/cob/', { kind: 'status', status: 201, body: '{"txid": ' });
    expect(await gatewayFailure(efi.createCharge(input()))).toMatchObject({ uncertain: true });

    const wrongKey = await gatewayFailure(provider({ pixKey: 'not-the-sellers-key@example.com' }).createCharge(input()));
    // The seller's key, not the buyer's data: the next provider may take the charge.
    expect(wrongKey).toMatchObject({ kind: 'charge', httpStatus: 400, uncertain: false, buyerData: false });
    expect(causeOf(wrongKey)).toContain('A chave informada não pertence ao usuário recebedor');
    standIn.script('PUT', '/v2/cob/', {
      kind: 'status',
      status: 400,
      body: '{"nome":"documento_bloqueado","mensagem":"O documento do usuário recebedor está bloqueado"}',
    });
    const blocked = await gatewayFailure(efi.createCharge(input()));
    expect(blocked).toMatchObject({ httpStatus: 400, buyerData: false });
    expect(causeOf(blocked)).toContain('O documento do usuário recebedor está bloqueado');
    standIn.script('PUT', '/v2/cob/', {
      kind: 'status',
      status: 400,
      body: '{"title":"Cobrança inválida.","status":400,"detail":"A requisição que busca alterar ou criar uma cobrança não respeita o schema.","violacoes":[{"razao":"O campo cob.devedor.cpf não respeita o schema.","propriedade":"cob.devedor.cpf"}]}',
    });
    expect(await gatewayFailure(efi.createCharge(input()))).toMatchObject({ httpStatus: 400, buyerData: true });
    // Efí's own validation shape names the field in `erros[].caminho`.
    standIn.script('PUT', '/v2/cob/', {
      kind: 'status',
      status: 400,
      body: '{"nome":"json_invalido","mensagem":"Valores ou tipos de campo inválidos","erros":[{"chave":"pattern","caminho":".body.devedor.cpf","mensagem":"o campo não respeita o schema"}]}',
    });
    expect(await gatewayFailure(efi.createCharge(input()))).toMatchObject({ httpStatus: 400, buyerData: true });
    standIn.violations.length = 0;

    standIn.script('PUT', '/v2/cob/', {
      kind: 'status',
      status: 403,
      body: '{"type":"https://pix.bcb.gov.br/api/v2/error/AcessoNegado","title":"Acesso Negado","status":403,"detail":"Requisição de participante autenticado que viola alguma regra de autorização."}',
    });
    expect(await gatewayFailure(efi.createCharge(input()))).toMatchObject({ httpStatus: 403, uncertain: false });
  });

  it('refused credentials and an unreachable bank are certain: nothing was created', async () => {
    const refused = await gatewayFailure(provider({ clientSecret: 'wrong' }).createCharge(input()));
    expect(refused).toMatchObject({ kind: 'charge', uncertain: false });
    expect(causeOf(refused)).toBe(efiCopy.credentialsRefused);
    expect(standIn.requests.every((request) => request.path === '/oauth/token')).toBe(true);

    const down = await gatewayFailure(provider({ apiUrl: (await refusedUrl()).replace('http:', 'https:') }).createCharge(input()));
    expect(down).toMatchObject({ kind: 'charge', uncertain: false });
  });
});

describe('finding out after an unknown outcome', () => {
  it('a cob made by a create whose answer was lost is found by the key; the standard’s 404 is none too; a failed read is an error', async () => {
    const efi = provider({}, 400);
    const made = input();
    standIn.script('PUT', '/v2/cob/', { kind: 'drop-after' });
    expect(await gatewayFailure(efi.createCharge(made))).toMatchObject({ uncertain: true });
    expect(await efi.findCharge!(made.idempotencyKey)).toMatchObject({ kind: 'charge', charge: { amountCents: 1990, state: 'pending' } });
    const lost = input();
    standIn.script('GET', '/v2/cob/', {
      kind: 'status',
      status: 404,
      body: '{"title":"Cobrança não encontrada","status":404,"detail":"Cobrança não encontrada para o txid informado"}',
    });
    expect(await efi.findCharge!(lost.idempotencyKey)).toEqual({ kind: 'none' });
    // A read that fails cannot tell: an error, never `none`.
    standIn.script('GET', '/v2/cob/', { kind: 'status', status: 500, body: '{"title":"Erro","status":500}' });
    expect(await gatewayFailure(efi.findCharge!(lost.idempotencyKey))).toMatchObject({ httpStatus: 500 });
  });
});

describe('cancelling a cob', () => {
  it('an ATIVA cob is removed with PATCH status REMOVIDA_PELO_USUARIO_RECEBEDOR; a paid one is read back CONCLUIDA', async () => {
    const efi = provider();
    const charge = await efi.createCharge(input());
    expect(await efi.cancelCharge!(charge.chargeId)).toMatchObject({ state: 'failed', rawStatus: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' });
    const patch = standIn.requests.at(-1)!;
    expect([patch.method, patch.path, JSON.parse(patch.rawBody)]).toEqual([
      'PATCH',
      `/v2/cob/${charge.chargeId}`,
      { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' },
    ]);

    const paid = await efi.createCharge(input());
    standIn.pay(paid.chargeId);
    expect(await efi.cancelCharge!(paid.chargeId)).toMatchObject({ state: 'paid', rawStatus: 'CONCLUIDA' });
    expect(standIn.violations).toEqual([]);
  });
});

describe('the client certificate (mTLS)', () => {
  it('the stand-in refuses a call without a client certificate', async () => {
    const outcome = await new Promise<string>((resolve) => {
      const request = https.request(`${standIn.url}/oauth/token`, { method: 'POST', ca: pki.caCert }, (response) =>
        resolve(`answered ${response.statusCode}`),
      );
      request.on('error', (error: NodeJS.ErrnoException) => resolve(`refused ${error.code ?? error.message}`));
      request.end('{"grant_type":"client_credentials"}');
    });
    expect(outcome).toMatch(/^refused /);
    expect(standIn.requests).toEqual([]);
  });

  it('a certificate from another CA is refused, and the adapter says so, certain that nothing was created', async () => {
    const error = await gatewayFailure(provider({ certificatePath: pki.strangerPemPath }).createCharge(input()));
    expect(error).toMatchObject({ kind: 'charge', uncertain: false, message: 'Erro ao processar pagamento' });
    expect(causeOf(error)).toBe(efiCopy.certificateRefused);
    expect(standIn.requests).toEqual([]);
  });

  it('the refund console shows the seller the certificate problem itself', async () => {
    const charge = {
      chargeId: 'a'.repeat(35),
      amountCents: 100,
      state: 'paid' as const,
      rawStatus: 'CONCLUIDA',
      endToEndId: 'E'.padEnd(32, '1'),
    };
    const error = await gatewayFailure(
      provider({ certificatePath: pki.strangerPemPath }).refund(charge, { refundId: 'R1', amountCents: 100 }),
    );
    expect(error).toMatchObject({ kind: 'refund', uncertain: false, message: efiCopy.certificateRefused });
  });

  it('a missing or unreadable certificate file is named, and nothing is sent', async () => {
    const missing = await gatewayFailure(provider({ certificatePath: `${pki.dir}/nope.p12` }).createCharge(input()));
    expect(causeOf(missing)).toBe(efiCopy.certificateUnreadable);
    const garbage = await gatewayFailure(provider({ certificatePath: `${pki.dir}/seller.ext` }).createCharge(input()));
    expect(causeOf(garbage)).toBe(efiCopy.certificateUnreadable);
    expect(standIn.requests).toEqual([]);
  });

  it('works with the certificate as .pem (certificate and key in one file) as well as .p12', async () => {
    const charge = await provider({ certificatePath: pki.sellerPemPath }).createCharge(input());
    expect(charge.pix.code).toBeTruthy();
  });

  it('works with the .pem converted as Efí documents, whose "Bag Attributes" lines come before the certificate', async () => {
    const converted = readFileSync(pki.sellerConvertedPemPath, 'latin1');
    expect(converted.startsWith('Bag Attributes')).toBe(true);
    expect(converted.slice(0, 64)).not.toContain('-----BEGIN');
    const charge = await provider({ certificatePath: pki.sellerConvertedPemPath }).createCharge(input());
    expect(charge.pix.code).toBeTruthy();
    expect(clientCertificateProblem(readFileSync(pki.sellerConvertedPemPath))).toBeNull();
    expect(clientCertificateProblem(readFileSync(pki.sellerP12Path))).toBeNull();
    expect(clientCertificateProblem(readFileSync(pki.mismatchedPemPath))).toMatch(/not the certificate’s/);
  });
});

function hmacRequest(body: unknown, overrides: Partial<WebhookRequest> = {}): WebhookRequest {
  return {
    url: new URL(`https://loja.example/api/webhooks/efi?hmac=${HMAC_SECRET}&ignorar=`),
    headers: new Headers({ 'content-type': 'application/json' }),
    rawBody: typeof body === 'string' ? body : JSON.stringify(body),
    clientAddress: '34.193.116.226',
    clientCertificateVerified: false,
    ...overrides,
  };
}

describe('webhooks', () => {
  it('the HMAC-in-URL mode: the right secret from Efí’s address passes; a wrong secret, a missing one or another address do not', async () => {
    const efi = provider();
    const charge = await efi.createCharge(input());
    const body = { pix: [{ endToEndId: 'E'.padEnd(32, '7'), txid: charge.chargeId, valor: '19.90', horario: '2026-03-02T15:00:00.000Z' }] };

    expect(await efi.parseWebhook(hmacRequest(body))).toEqual([{ kind: 'charge', chargeId: charge.chargeId }]);
    // Node reports an IPv4 peer on a dual-stack socket as ::ffff:a.b.c.d.
    expect(await efi.parseWebhook(hmacRequest(body, { clientAddress: '::ffff:34.193.116.226' }))).toHaveLength(1);

    const wrongSecret = hmacRequest(body, { url: new URL('https://loja.example/api/webhooks/efi?hmac=guess&ignorar=') });
    await expect(efi.parseWebhook(wrongSecret)).rejects.toThrow('hmac does not match');
    const noSecret = hmacRequest(body, { url: new URL('https://loja.example/api/webhooks/efi?ignorar=') });
    await expect(efi.parseWebhook(noSecret)).rejects.toThrow('hmac does not match');
    await expect(efi.parseWebhook(hmacRequest(body, { clientAddress: '203.0.113.9' }))).rejects.toThrow('address not allowed');
  });

  it('devoluções in a notification name the refunds to read, whether a list or (as in the standard’s example) one object', async () => {
    const efi = provider();
    const txid = 'c3e0e7a4e7f1469a9f782d3d4999343c';
    const base = { endToEndId: 'E12345678202009091221kkkkkkkkkkk', txid, valor: '110.00', horario: '2020-09-09T20:15:00.358Z' };
    const devolucao = {
      id: '123ABC',
      rtrId: 'D12345678202009091221abcdf098765',
      valor: '10.00',
      horario: { solicitacao: '2020-09-09T20:15:00.358Z' },
      status: 'EM_PROCESSAMENTO',
    };
    const expected = [
      { kind: 'charge', chargeId: txid },
      { kind: 'refund', chargeId: txid, refundId: '123ABC' },
    ];
    expect(await efi.parseWebhook(hmacRequest({ pix: [{ ...base, devolucoes: devolucao }] }))).toEqual(expected);
    expect(await efi.parseWebhook(hmacRequest({ pix: [{ ...base, devolucoes: [devolucao] }] }))).toEqual(expected);
  });

  it('bodies that are not Pix notifications are ignored, not acted on', async () => {
    const efi = provider();
    expect(await efi.parseWebhook(hmacRequest('{"evento":"teste_webhook"}'))).toEqual([
      { kind: 'ignored', reason: 'notification evento:teste_webhook' },
    ]);
    expect(await efi.parseWebhook(hmacRequest('not json'))).toEqual([{ kind: 'ignored', reason: 'body is not JSON' }]);
    expect(await efi.parseWebhook(hmacRequest({ pix: [{ endToEndId: 'E'.padEnd(32, '1'), valor: '5.00', horario: 'x' }] }))).toEqual([
      { kind: 'ignored', reason: 'pix without a charge txid' },
    ]);
  });
});

const webhookFailure = (promise: Promise<unknown>) => rejection(promise, EfiWebhookError);

describe('registering the webhook for the PIX key', () => {
  const webhookCalls = () => standIn.requests.filter((request) => request.path.startsWith('/v2/webhook/'));

  it('none is registered at first: the standard’s 404, or Efí’s own 400 webhook_nao_encontrado, reads as null', async () => {
    expect(await provider().getWebhook()).toBeNull();
    standIn.script('GET', '/v2/webhook/', {
      kind: 'status',
      status: 400,
      body: '{"nome":"webhook_nao_encontrado","mensagem":"Nenhum webhook encontrado para a chave informada"}',
    });
    expect(await provider().getWebhook()).toBeNull();
    expect(standIn.violations).toEqual([]);
  });

  it('mTLS: puts the URL for the key over the certificate and the token, and Efí’s calls then reach the server', async () => {
    const terminator = await startWebhookTerminator(pki);
    try {
      const efi = provider({ webhookHmacSecret: null });
      await efi.registerWebhook(`${terminator.url}/api/webhooks/efi`, { skipMtls: false });

      const [put] = webhookCalls();
      expect(put).toMatchObject({ method: 'PUT', path: `/v2/webhook/${PIX_KEY}`, clientCertificate: true });
      expect(put!.headers.authorization).toMatch(/^Bearer /);
      expect(put!.headers['x-skip-mtls-checking']).toBe('false');
      expect(JSON.parse(put!.rawBody)).toEqual({ webhookUrl: `${terminator.url}/api/webhooks/efi` });
      expect(await efi.getWebhook()).toBe(`${terminator.url}/api/webhooks/efi`);
      expect(standIn.webhookSkipsMtls).toBe(false);

      const charge = await efi.createCharge(input());
      standIn.pay(charge.chargeId);
      expect(await standIn.notify([charge.chargeId])).toBe(200);
      const [delivery] = terminator.received;
      expect(delivery!.url.pathname).toBe('/api/webhooks/efi/pix');
      expect(await efi.parseWebhook(delivery!)).toEqual([{ kind: 'charge', chargeId: charge.chargeId }]);
      expect(standIn.violations).toEqual([]);
    } finally {
      await terminator.close();
    }
  });

  it('skip-mTLS: Efí’s header, and the URL carries the hmac the webhook check then accepts', async () => {
    const terminator = await startWebhookTerminator(pki);
    try {
      const efi = provider();
      await efi.registerWebhook(`${terminator.url}/api/webhooks/efi`, { skipMtls: true });

      const [put] = webhookCalls();
      expect(put!.headers['x-skip-mtls-checking']).toBe('true');
      const registered = `${terminator.url}/api/webhooks/efi/pix?hmac=${HMAC_SECRET}&ignorar=`;
      expect(JSON.parse(put!.rawBody)).toEqual({ webhookUrl: registered });
      expect(await efi.getWebhook()).toBe(registered);
      expect(standIn.webhookSkipsMtls).toBe(true);

      const charge = await efi.createCharge(input());
      standIn.pay(charge.chargeId);
      expect(await standIn.notify([charge.chargeId])).toBe(200);
      const [delivery] = terminator.received;
      expect(delivery!.url.pathname).toBe('/api/webhooks/efi/pix');
      // From Efí's address, as the proxy in front reports it; no certificate is believed in this mode.
      const fromEfi = { ...delivery!, clientAddress: '34.193.116.226', clientCertificateVerified: false };
      expect(await efi.parseWebhook(fromEfi)).toEqual([{ kind: 'charge', chargeId: charge.chargeId }]);
    } finally {
      await terminator.close();
    }
  });

  it('a secret with URL characters is escaped in the URL and still matches', async () => {
    const secret = 'a&b=c d+e/f';
    const efi = provider({ webhookHmacSecret: secret });
    await efi.registerWebhook('https://loja.example/api/webhooks/efi', { skipMtls: true });
    const registered = new URL((await efi.getWebhook())!);
    expect(registered.searchParams.get('hmac')).toBe(secret);
    expect(await efi.parseWebhook(hmacRequest({ pix: [] }, { url: registered }))).toEqual([{ kind: 'ignored', reason: 'empty pix list' }]);
  });

  it('a phone key goes in the path with its + as %2B', async () => {
    const phoneKey = '+5511987654321';
    const phoneBank = new EfiStandIn({ pki, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, pixKey: phoneKey, now: () => clock });
    await phoneBank.start();
    try {
      const efi = createEfiProvider(settings({ pixKey: phoneKey, apiUrl: phoneBank.url }), { ca: pki.caCert, now: () => clock });
      await efi.registerWebhook('https://loja.example/api/webhooks/efi', { skipMtls: false });
      expect(phoneBank.requests.map((request) => `${request.method} ${request.path}`)).toContain('PUT /v2/webhook/%2B5511987654321');
      expect(phoneBank.webhookUrl).toBe('https://loja.example/api/webhooks/efi');
      expect(await efi.getWebhook()).toBe('https://loja.example/api/webhooks/efi');
      expect(phoneBank.violations).toEqual([]);
    } finally {
      await phoneBank.stop();
    }
  });

  it('skipping mTLS without an hmac would leave the webhook open: refused before anything is sent', async () => {
    await expect(
      provider({ webhookHmacSecret: null }).registerWebhook('https://loja.example/api/webhooks/efi', { skipMtls: true }),
    ).rejects.toThrow(TypeError);
    await expect(provider().registerWebhook('https://loja.example/api/webhooks/efi?x=1', { skipMtls: false })).rejects.toThrow(TypeError);
    expect(standIn.requests).toEqual([]);
  });

  it('each failure says what failed: key, certificate, credentials, scopes, the bank', async () => {
    const url = 'https://loja.example/api/webhooks/efi';
    const otherKey = await webhookFailure(provider({ pixKey: 'outra@example.com' }).registerWebhook(url, { skipMtls: false }));
    expect(otherKey).toMatchObject({ failure: 'refused', status: 400 });
    expect(otherKey.detail).toContain('não corresponde a uma chave DICT pertencente a este usuário recebedor');
    expect(standIn.webhookUrl).toBeNull();

    const stranger = await webhookFailure(provider({ certificatePath: pki.strangerPemPath }).registerWebhook(url, { skipMtls: false }));
    expect(stranger).toMatchObject({ failure: 'certificate', status: null });
    const missing = await webhookFailure(provider({ certificatePath: `${pki.dir}/nope.p12` }).getWebhook());
    expect(missing.failure).toBe('certificate_file');
    const credentials = await webhookFailure(provider({ clientSecret: 'wrong' }).registerWebhook(url, { skipMtls: false }));
    expect(credentials).toMatchObject({ failure: 'credentials', status: 401 });

    standIn.script('PUT', '/v2/webhook/', {
      kind: 'status',
      status: 403,
      body: JSON.stringify({
        type: 'https://pix.bcb.gov.br/api/v2/error/AcessoNegado',
        title: 'Acesso Negado',
        status: 403,
        detail: 'escopo webhook.write ausente',
      }),
    });
    expect(await webhookFailure(provider().registerWebhook(url, { skipMtls: false }))).toMatchObject({
      failure: 'refused',
      status: 403,
      detail: 'escopo webhook.write ausente',
    });
    standIn.script('GET', '/v2/webhook/', { kind: 'status', status: 503 });
    expect(await webhookFailure(provider().getWebhook())).toMatchObject({ failure: 'server_error', status: 503 });
    standIn.script('GET', '/v2/webhook/', { kind: 'status', status: 200, body: '{"webhookUrl":"not a url"}' });
    expect(await webhookFailure(provider().getWebhook())).toMatchObject({ failure: 'unreadable' });
    standIn.script('GET', '/v2/webhook/', { kind: 'hang' });
    expect(await webhookFailure(provider({}, 300).getWebhook())).toMatchObject({ failure: 'no_answer' });
  });
});

describe('prototype keys', () => {
  it('`__proto__` and `constructor` in a reply or a webhook change nothing', async () => {
    const efi = provider();
    standIn.script('PUT', '/v2/cob/', {
      kind: 'rewrite',
      rewrite: (normal) =>
        JSON.stringify(normal).replace(
          /^\{/,
          '{"__proto__":{"polluted":"yes","status":"CONCLUIDA"},"constructor":{"prototype":{"polluted":"yes"}},',
        ),
    });
    const charge = await efi.createCharge(input());
    expect(charge.state).toBe('pending');

    const events = await efi.parseWebhook(
      hmacRequest(
        `{"__proto__":{"pix":[{"txid":"${'b'.repeat(30)}"}]},"pix":[{"__proto__":{"txid":"${'c'.repeat(30)}"},"constructor":{"prototype":{"polluted":"yes"}},"txid":"${charge.chargeId}","endToEndId":"${'E'.padEnd(32, '2')}","valor":"19.90","horario":"x"}]}`,
      ),
    );
    expect(events).toEqual([{ kind: 'charge', chargeId: charge.chargeId }]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });
});

describe('money units', () => {
  it('every amount from 1 to 10.000.000 centavos goes to reais and back exactly', () => {
    announceSeed('provider-efi');
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), (cents) => {
        const text = centsToReais(cents);
        expect(text).toMatch(/^\d{1,10}\.\d{2}$/);
        expect(reaisToCents(text)).toBe(cents);
      }),
      { seed: SEED, numRuns: 5_000 },
    );
    for (const cents of [1, 9, 10, 99, 100, 1990, 2980, 10_000_000]) expect(reaisToCents(centsToReais(cents))).toBe(cents);
    expect(centsToReais(1)).toBe('0.01');
    expect(centsToReais(1990)).toBe('19.90');
    expect(reaisToCents('19.9')).toBeNull();
    expect(reaisToCents(19.9)).toBeNull();
  });
});
