/**
 * Efí's Open Finance client (src/server/gateway/providers/efi/open-finance-*.ts) over real HTTPS with mutual TLS,
 * against tests/support/providers/efi/efi-open-finance-stand-in.ts: the contract the checkout will rely on.
 *
 * Sources (read 2026-11-28) the client and the stand-in follow:
 * - github.com/efipay/sdk-node-apis-efi (commit 2728b67, 2026-01-22) `src/lib/constants.js` `OPENFINANCE`: base URLs
 *   https://openfinance.api.efipay.com.br/v1 and https://openfinance-h.api.efipay.com.br/v1, `POST /oauth/token`,
 *   `GET /participantes/`, `POST|GET /pagamentos/pix`, `PUT|GET /config`,
 *   `POST /pagamentos/pix/:identificadorPagamento/devolver`, `POST|GET|PATCH /pagamentos-biometria/vinculos`,
 *   `POST|GET /pagamentos-biometria/pix`; `src/lib/endpoints.js` (the token call with Basic credentials, a JSON
 *   body and the client certificate; an `x-idempotency-key` on Open Finance calls, 72 alphanumerics there);
 *   `dist/types/methods/open-finance.d.ts` (JSDoc of every method: `PUT /config` body `redirectURL`, `webhookURL`,
 *   `webhookSecurity { type: mtls|hmac, hash }`, `processPayment` sync|async, mtls and sync when left out;
 *   participants `{ participantes: [{ identificador, nome, descricao, portal, logo, organizacoes }] }`; start
 *   `{ pagador { idParticipante, cpf }, favorecido { contaBanco { codigoBanco, agencia, documento, nome,
 *   tipoConta CACC|SLRY|SVGS|TRAN } }, detalhes { valor, idProprio, infoPagador } }` → `{ identificadorPagamento,
 *   redirectURI }`; list `?inicio=&fim=` (YYYY-MM-DD) `&identificador=&pagina=&quantidade=` → `{ pagamentos:
 *   [{ identificadorPagamento, endToEndId, valor, status, dataCriacao, devolucoes, idProprio }], total, porPagina,
 *   ultimo, proximo, anterior, atual }`; refund `{ valor }` → `{ identificadorPagamento, valorDevolucao,
 *   dataCriacao, status }`; JSR vínculo `{ pagador { idParticipante, cpf } }` → `{ identificadorVinculo,
 *   redirectURI }`, list `?cpf=` → `{ vinculos: [{ identificador, dataAutorizacao, dataExpiracao, limiteDiario,
 *   limiteTransacao, conta, participante }] }`, JSR payment `{ identificadorVinculo, favorecido { contaBanco | chave },
 *   pagamento { valor, idProprio, qrCode } }` → `{ identificadorPagamento, redirectURI }`, its list under `vinculos`).
 * - github.com/efipay/sdk-php-apis-efi `src/Efi/Endpoints/OpenFinance.php` (the same routes with their scopes:
 *   gn.opb.config.write, gn.opb.participants.read, gn.opb.payment.pix.send|read|refund, gn.opb.jwr.enrollment.write|read,
 *   gn.opb.jwr.payment.write); the .NET, Python and Ruby SDKs' `ofRevokeBiometricEnrollment` examples (PATCH body
 *   `{ identificadorVinculo, motivo }` with an `x-idempotency-key`); the Dart example of `ofCreateBiometricPixPayment`
 *   (`codigoBanco` 09089356, Efí's ISPB, `tipoConta` TRAN).
 * - Efí's documents, dev.efipay.com.br/docs/api-open-finance/ (its pages as mirrored in github.com/mpaivaana/error-report
 *   docs/api-open-finance/, commit e2f42d5): "Configurações da aplicação" (201 answer; 400 `redirect_url_obrigatorio`,
 *   `webhook_url_obrigatorio`; 422 `webhook_seguranca_invalido`, `webhook_seguranca_hash_invalido`,
 *   `process_payment_invalido`; GET 404 `configuracao_nao_encontrada`), "Participantes" (404
 *   `participante_nao_encontrado`), "Pagamentos" (400 `chave_idempotencia_obrigatorio`, `cpf_pagador_obrigatorio`,
 *   `identificador_participante_obrigatorio`, `valor_obrigatorio`; 409 `conflito_chave_idempotencia`; 422
 *   `identificador_participante_invalido`, `cpf_pagador_invalido`, `valor_invalido`, `id_proprio_invalido`; 431
 *   `chave_idempotencia_invalida`; list 404 `pagamento_nao_encontrado`, 422 `data_inicio_obrigatorio`), "Devolução"
 *   (202 `status: pendente`; 422 `status_pagamento_invalido_para_devolucao`, `saldo_devolucao_insuficiente`),
 *   "Status das Transações" (pendente, agendado, rejeitado, aceito, cancelado, expirado), and "Webhooks"
 *   (dev.efipay.com.br/docs/api-open-finance/webhooks/: mTLS, or `POST url-webhook-cadastrada?hmac=hash-cadastrada`;
 *   bodies `{ identificadorPagamento, valor, status, dataCriacao, endToEndId, idProprio, tipo: pagamento, motivo }`
 *   and `{ …, identificadorDevolucao, tipo: devolucao }`; homologação refuses a payment of R$ 0.11).
 * - github.com/efipay/documentacao-tecnica-efi (commit 67b1dea) `markdown/open-finance/config-aplicacao/`:
 *   `solicitar_iniciacao.md` (`x-idempotency-key` minLength 36, maxLength 72), `listar_pagamentos.md` (the list's
 *   `status` and `quantidade` filters); Open Finance Brasil's Payment Initiation API (github.com/OpenBanking-Brasil/
 *   draft-openapi `swagger-apis/payments/4.0.0.yml`, parameter `XIdempotencyKey`: `x-idempotency-key` maxLength 40,
 *   the header the buyer's bank receives).
 * - The way back: `redirectURL?identificadorPagamento=…` and `&erro=…` on a failure (github.com/solviumdream/
 *   solviumpayments `pkg/solvium/efi/open_finance_models.go`, `OpenFinanceRedirectParams`; Efí's pages do not show it).
 * Not in any public document, the stand-in's own: a vínculo coming back as `?identificadorVinculo=`, the 422 names
 * `vinculo_invalido`, `valor_acima_do_limite` and `configuracao_nao_encontrada` on a payment, the revoke's answer,
 * and a JSR payment refunded through `POST /pagamentos/pix/:identificadorPagamento/devolver`: the SDKs' route tables
 * (constants.js `OPENFINANCE`, commit 2728b67) list devolver routes for immediate, scheduled and recurring payments
 * and none under `/pagamentos-biometria/`, whose JSDoc (`POST /v1/jsr/pagamentos/pix`) answers the same
 * `identificadorPagamento` as an immediate payment.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WebhookRejectedError, type WebhookRequest } from '../../../src/server/gateway/pix-provider.ts';
import {
  configureOpenFinance,
  createOpenFinanceApi,
  createOpenFinanceLink,
  listOpenFinanceLinkedPayments,
  listOpenFinanceLinks,
  listAcceptedOpenFinancePayments,
  listOpenFinanceParticipants,
  listOpenFinancePayments,
  OpenFinanceError,
  readOpenFinanceConfig,
  readOpenFinancePayment,
  refundOpenFinancePayment,
  revokeOpenFinanceLink,
  startOpenFinanceLinkedPayment,
  startOpenFinancePayment,
  type OpenFinanceApi,
  type OpenFinanceSettings,
} from '../../../src/server/gateway/providers/efi/open-finance-client.ts';
import { readOpenFinanceReturn, verifyOpenFinanceWebhook } from '../../../src/server/gateway/providers/efi/open-finance-webhook.ts';
import {
  EfiOpenFinanceStandIn,
  OPEN_FINANCE_TEST_SELLER,
  STAND_IN_PARTICIPANTS,
} from '../../support/providers/efi/efi-open-finance-stand-in.ts';
import { makeTestPki, type TestPki } from '../../support/providers/efi/efi-stand-in.ts';
import { startWebhookTerminator, type WebhookTerminator } from '../../support/providers/efi/efi-webhook-terminator.ts';

const HMAC = 'hash-of-the-seller-9f2c';
const REDIRECT_URL = 'https://loja.example/pagamento/banco';
const BUYER_CPF = '529.982.247-25';
const BANK = STAND_IN_PARTICIPANTS[1]!.identificador;
const ACCOUNT = OPEN_FINANCE_TEST_SELLER.account;

let pki: TestPki;
let standIn: EfiOpenFinanceStandIn;
let terminator: WebhookTerminator;

function settings(overrides: Partial<OpenFinanceSettings> = {}): OpenFinanceSettings {
  return {
    clientId: OPEN_FINANCE_TEST_SELLER.clientId,
    clientSecret: OPEN_FINANCE_TEST_SELLER.clientSecret,
    certificatePath: pki.sellerP12Path,
    apiUrl: standIn.url,
    favorecido: {
      contaBanco: {
        codigoBanco: '09089356',
        agencia: ACCOUNT.agencia,
        conta: ACCOUNT.conta,
        tipoConta: 'TRAN',
        documento: ACCOUNT.documento,
        nome: ACCOUNT.nome,
      },
    },
    webhookHmacSecret: HMAC,
    ...overrides,
  };
}

function api(overrides: Partial<OpenFinanceSettings> = {}, timeoutMs = 2_000): OpenFinanceApi {
  return createOpenFinanceApi(settings(overrides), { ca: pki.caCert, timeoutMs });
}

let orders = 0;
function order(amountCents = 1990) {
  orders++;
  return { orderId: `ord_${orders}`, amountCents, cpf: BUYER_CPF, participantId: BANK, idempotencyKey: `ord_${orders}:open-finance:1` };
}

/** What our webhook route would hand the client: the last callback the terminator received. */
function lastCallback(): WebhookRequest {
  const request = terminator.received.at(-1);
  if (!request) throw new Error('no callback received');
  return request;
}

/** The buyer at their bank: the page, then the button, then where the browser goes. */
async function atTheBank(redirectUri: string, decision: 'aprovar' | 'recusar'): Promise<URL> {
  const page = await fetch(redirectUri);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('Aprovar');
  expect(html).toContain('Recusar');
  const answer = await fetch(redirectUri, { method: 'POST', body: new URLSearchParams({ decisao: decision }), redirect: 'manual' });
  expect(answer.status).toBe(303);
  return new URL(answer.headers.get('location')!);
}

beforeAll(async () => {
  pki = makeTestPki();
  standIn = new EfiOpenFinanceStandIn({ pki, ...OPEN_FINANCE_TEST_SELLER });
  await standIn.start();
  terminator = await startWebhookTerminator(pki);
});

afterAll(async () => {
  await standIn.stop();
  await terminator.close();
  pki.cleanup();
});

beforeEach(() => {
  standIn.violations.length = 0;
});

describe('Efí Open Finance: settings of the application', () => {
  it('has no configuration until one is made, then registers redirectURL and webhookURL with the hmac, or mTLS without', async () => {
    const client = api();
    expect(await readOpenFinanceConfig(client)).toBeNull();
    const hmac = await configureOpenFinance(client, {
      redirectUrl: REDIRECT_URL,
      webhookUrl: `${terminator.url}/api/webhooks/efi-open-finance`,
    });
    expect(hmac).toEqual({
      redirectUrl: REDIRECT_URL,
      webhookUrl: `${terminator.url}/api/webhooks/efi-open-finance`,
      webhookSecurity: 'hmac',
    });
    expect(JSON.parse(standIn.requests.at(-1)!.rawBody)).toEqual({
      redirectURL: REDIRECT_URL,
      webhookURL: `${terminator.url}/api/webhooks/efi-open-finance`,
      webhookSecurity: { type: 'hmac', hash: HMAC },
    });
    const mtls = await configureOpenFinance(api({ webhookHmacSecret: null }), {
      redirectUrl: REDIRECT_URL,
      webhookUrl: `${terminator.url}/of`,
    });
    expect(mtls.webhookSecurity).toBe('mtls');
    expect(await readOpenFinanceConfig(client)).toEqual({
      redirectUrl: REDIRECT_URL,
      webhookUrl: `${terminator.url}/of`,
      webhookSecurity: 'mtls',
    });
    await configureOpenFinance(client, { redirectUrl: REDIRECT_URL, webhookUrl: `${terminator.url}/api/webhooks/efi-open-finance` });
    expect(standIn.violations).toEqual([]);
  });

  it('tells a refused certificate, refused credentials and an unreachable API apart, before anything is sent', async () => {
    await expect(api({ certificatePath: pki.strangerPemPath }).client.call('GET', '/config')).rejects.toMatchObject({
      reason: 'certificate',
    });
    await expect(readOpenFinanceConfig(api({ certificatePath: pki.strangerPemPath }))).rejects.toMatchObject({
      failure: 'certificate',
      uncertain: false,
    });
    await expect(readOpenFinanceConfig(api({ clientSecret: 'wrong' }))).rejects.toMatchObject({ failure: 'credentials' });
    await expect(readOpenFinanceConfig(api({ apiUrl: 'https://127.0.0.1:9/v1' }))).rejects.toMatchObject({ failure: 'token' });
  });
});

describe('Efí Open Finance: the bank list', () => {
  it('lists the participants with names and https logos, searches by name, and an unknown name is an empty list', async () => {
    const all = await listOpenFinanceParticipants(api());
    expect(all.map((participant) => participant.name)).toEqual(['Efí S.A.', 'Banco Stand-in', 'Nu Stand-in']);
    expect(all[0]).toEqual({
      id: STAND_IN_PARTICIPANTS[0]!.identificador,
      name: 'Efí S.A.',
      description: 'Conta em Efí S.A.',
      logoUrl: 'https://bank.stand-in.example/efi.png',
    });
    expect((await listOpenFinanceParticipants(api(), { name: 'nu' })).map((participant) => participant.name)).toEqual(['Nu Stand-in']);
    expect(standIn.requests.at(-1)).toMatchObject({ path: '/v1/participantes', query: { nome: 'nu' } });
    expect(await listOpenFinanceParticipants(api(), { name: 'Banco que não existe' })).toEqual([]);
  });
});

describe('Efí Open Finance: a payment at the buyer’s bank', () => {
  it('starts the payment as documented, and the same attempt twice is one payment', async () => {
    const input = order(1990);
    const started = await startOpenFinancePayment(api(), input);
    expect(started.paymentId).toMatch(/^urn:efi:/);
    expect(started.redirectUri.startsWith(standIn.bankUrl)).toBe(true);
    const sent = standIn.requests.at(-1)!;
    expect(sent.path).toBe('/v1/pagamentos/pix');
    // Within Open Finance Brasil's 40 (Payment Initiation API, `x-idempotency-key` maxLength 40) and Efí's 36 to 72.
    expect(sent.headers['x-idempotency-key']).toMatch(/^[a-f0-9]{40}$/);
    expect(JSON.parse(sent.rawBody)).toEqual({
      pagador: { idParticipante: BANK, cpf: '52998224725' },
      favorecido: {
        contaBanco: {
          codigoBanco: '09089356',
          agencia: '0001',
          conta: '1234567',
          tipoConta: 'TRAN',
          documento: '52998224725',
          nome: 'Loja Stand-in',
        },
      },
      detalhes: { valor: '19.90', idProprio: input.orderId },
    });
    expect(await startOpenFinancePayment(api(), input)).toEqual(started);
    expect([...standIn.payments.values()].filter((payment) => payment.idProprio === input.orderId)).toHaveLength(1);
    await expect(startOpenFinancePayment(api(), { ...input, amountCents: 2990 })).rejects.toMatchObject({
      failure: 'refused',
      status: 409,
      code: 'conflito_chave_idempotencia',
    });
    expect(standIn.violations).toEqual([]);
  });

  it('pays to the PIX key as favorecido.chave when no account is set', async () => {
    await startOpenFinancePayment(api({ favorecido: { chave: OPEN_FINANCE_TEST_SELLER.pixKey } }), order());
    expect(JSON.parse(standIn.requests.at(-1)!.rawBody).favorecido).toEqual({ chave: OPEN_FINANCE_TEST_SELLER.pixKey });
    expect(standIn.violations).toEqual([]);
  });

  it('approved at the bank: the browser comes back with the payment id, the signed callback says paid, and so does the read', async () => {
    const input = order(4700);
    const started = await startOpenFinancePayment(api(), input);
    const startedAt = Date.now();
    const back = await atTheBank(started.redirectUri, 'aprovar');
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URL);
    expect(readOpenFinanceReturn(back)).toEqual({ paymentId: started.paymentId, linkId: null, error: null });

    const callback = lastCallback();
    expect(callback.url.searchParams.get('hmac')).toBe(HMAC);
    expect(verifyOpenFinanceWebhook(callback, HMAC)).toEqual({
      kind: 'payment',
      paymentId: started.paymentId,
      state: 'paid',
      rawStatus: 'aceito',
      ownId: input.orderId,
      reason: null,
    });
    const read = await readOpenFinancePayment(api(), started.paymentId, startedAt);
    expect(read).toMatchObject({ paymentId: started.paymentId, state: 'paid', amountCents: 4700, ownId: input.orderId, refunds: [] });
    expect(read!.endToEndId).toMatch(/^E09089356/);
    const { query } = standIn.requests.at(-1)!;
    expect(query.identificador).toBe(started.paymentId);
    expect(query.inicio).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(standIn.violations).toEqual([]);
  });

  it('refused at the bank, or R$ 0,11 in homologação: back with erro, the callback says failed, and so does the read', async () => {
    const refused = await startOpenFinancePayment(api(), order());
    const back = await atTheBank(refused.redirectUri, 'recusar');
    expect(readOpenFinanceReturn(back)).toEqual({ paymentId: refused.paymentId, linkId: null, error: 'pagamento_rejeitado' });
    expect(verifyOpenFinanceWebhook(lastCallback(), HMAC)).toMatchObject({
      state: 'failed',
      rawStatus: 'rejeitado',
      reason: 'Pagamento recusado pelo usuário',
    });
    expect((await readOpenFinancePayment(api(), refused.paymentId, Date.now()))?.state).toBe('failed');

    const eleven = await startOpenFinancePayment(api(), order(11));
    await atTheBank(eleven.redirectUri, 'aprovar');
    expect(verifyOpenFinanceWebhook(lastCallback(), HMAC)).toMatchObject({ state: 'failed', reason: 'Pagamento recusado no destino' });
  });

  it('an unused link expires: the callback says expired', async () => {
    const started = await startOpenFinancePayment(api(), order());
    await standIn.expire(started.paymentId);
    expect(verifyOpenFinanceWebhook(lastCallback(), HMAC)).toMatchObject({ paymentId: started.paymentId, state: 'expired' });
    expect(await readOpenFinancePayment(api(), 'urn:efi:never-issued', Date.now())).toBeNull();
  });

  it('lists every page of the period', async () => {
    const listed = await listOpenFinancePayments(api(), { from: Date.now() - 86_400_000, to: Date.now() });
    expect(listed.length).toBe([...standIn.payments.values()].filter((payment) => !payment.jsr).length);
    expect(listed.length).toBeGreaterThan(2);
    const lists = standIn.requests.filter((request) => request.method === 'GET' && request.path === '/v1/pagamentos/pix');
    expect(lists.at(-1)!.query).toHaveProperty('pagina');
  });

  it('lists only the accepted payments of a period, a hundred a page, in one read for many', async () => {
    const accepted = [...standIn.payments.values()].filter((payment) => !payment.jsr && payment.status === 'aceito');
    expect(accepted.length).toBeGreaterThan(0);
    const listed = (await listAcceptedOpenFinancePayments(api(), Date.now() - 86_400_000, false, 5)).payments;
    expect(listed.map((payment) => payment.paymentId).sort()).toEqual(accepted.map((payment) => payment.identificadorPagamento).sort());
    expect(listed.every((payment) => payment.state === 'paid')).toBe(true);
    const lists = standIn.requests.filter((request) => request.method === 'GET' && request.path === '/v1/pagamentos/pix');
    expect(lists.at(-1)!.query).toMatchObject({ status: 'aceito', quantidade: '100' });
  });

  it('names the bank’s refusals and the buyer’s data it refuses, and a 5xx or a silence on a start may have started it', async () => {
    await expect(startOpenFinancePayment(api(), { ...order(), participantId: 'not-a-bank' })).rejects.toMatchObject({
      failure: 'refused',
      status: 422,
      code: 'identificador_participante_invalido',
      uncertain: false,
    });
    await expect(startOpenFinancePayment(api(), { ...order(), cpf: '111.111.111-11' })).rejects.toThrow(TypeError);
    standIn.script('POST', '/pagamentos/pix', {
      kind: 'status',
      status: 500,
      body: JSON.stringify({ nome: 'erro_aplicacao', mensagem: 'Erro interno do servidor' }),
    });
    await expect(startOpenFinancePayment(api(), order())).rejects.toMatchObject({ failure: 'server_error', status: 500, uncertain: true });
    standIn.script('POST', '/pagamentos/pix', { kind: 'hang' });
    await expect(startOpenFinancePayment(api({}, 300), order())).rejects.toMatchObject({ failure: 'no_answer', uncertain: true });
    standIn.script('POST', '/pagamentos/pix', {
      kind: 'rewrite',
      body: '{"identificadorPagamento":"urn:efi:x","redirectURI":"javascript:alert(1)"}',
    });
    const unreadable = await startOpenFinancePayment(api(), order()).catch((error: unknown) => error);
    expect(unreadable).toBeInstanceOf(OpenFinanceError);
    expect(unreadable).toMatchObject({ failure: 'unreadable', uncertain: true });
  });
});

describe('Efí Open Finance: refunds', () => {
  it('refunds part then the rest, each pending until Efí settles it and says so by callback; never more than was paid', async () => {
    const started = await startOpenFinancePayment(api(), order(1990));
    await expect(refundOpenFinancePayment(api(), started.paymentId, 500, 'early')).rejects.toMatchObject({
      status: 422,
      code: 'status_pagamento_invalido_para_devolucao',
    });
    await atTheBank(started.redirectUri, 'aprovar');
    expect(await refundOpenFinancePayment(api(), started.paymentId, 500, 'part')).toEqual({
      refundId: null,
      amountCents: 500,
      state: 'pending',
      rawStatus: 'pendente',
    });
    expect(JSON.parse(standIn.requests.at(-1)!.rawBody)).toEqual({ valor: '5.00' });
    expect(standIn.requests.at(-1)!.path).toBe(`/v1/pagamentos/pix/${started.paymentId}/devolver`);
    await standIn.settleRefund(started.paymentId);
    const notice = verifyOpenFinanceWebhook(lastCallback(), HMAC);
    expect(notice).toMatchObject({ kind: 'refund', paymentId: started.paymentId, refund: { amountCents: 500, state: 'done' } });
    await expect(refundOpenFinancePayment(api(), started.paymentId, 1491, 'too-much')).rejects.toMatchObject({
      code: 'saldo_devolucao_insuficiente',
    });
    await refundOpenFinancePayment(api(), started.paymentId, 1490, 'rest');
    const read = await readOpenFinancePayment(api(), started.paymentId, Date.now());
    expect(read!.refunds.map((refund) => [refund.amountCents, refund.state])).toEqual([
      [500, 'done'],
      [1490, 'pending'],
    ]);
    expect(standIn.violations).toEqual([]);
  });
});

describe('Efí Open Finance: idempotency keys', () => {
  it('a refund retried under its key after a lost answer is one devolução, never a second', async () => {
    const started = await startOpenFinancePayment(api(), order(1990));
    await atTheBank(started.redirectUri, 'aprovar');
    standIn.script('POST', '/pagamentos/pix/', { kind: 'rewrite', body: '' });
    await expect(refundOpenFinancePayment(api(), started.paymentId, 1990, 'ord_lost.r1')).rejects.toMatchObject({ uncertain: true });
    expect(await refundOpenFinancePayment(api(), started.paymentId, 1990, 'ord_lost.r1')).toMatchObject({ amountCents: 1990 });
    expect(standIn.payments.get(started.paymentId)!.devolucoes.map((refund) => refund.valor)).toEqual(['19.90']);
    const keys = standIn.requests.filter((request) => request.path.endsWith('/devolver')).slice(-2);
    expect(keys[0]!.headers['x-idempotency-key']).toBe(keys[1]!.headers['x-idempotency-key']);
    expect(standIn.violations).toEqual([]);
  });

  it('every call, read or write, carries an x-idempotency-key of 36 to 40 characters (Open Finance Brasil allows 40)', async () => {
    const from = standIn.requests.length;
    const client = api();
    await configureOpenFinance(client, { redirectUrl: REDIRECT_URL, webhookUrl: `${terminator.url}/api/webhooks/efi-open-finance` });
    await readOpenFinanceConfig(client);
    await listOpenFinanceParticipants(client, { modality: 'biometria' });
    const started = await startOpenFinancePayment(client, order(1990));
    await atTheBank(started.redirectUri, 'aprovar');
    await readOpenFinancePayment(client, started.paymentId, Date.now());
    await refundOpenFinancePayment(client, started.paymentId, 100, 'ord_keys.r1');
    const link = await createOpenFinanceLink(client, { cpf: BUYER_CPF, participantId: BANK, idempotencyKey: 'buyer-keys:link' });
    await atTheBank(link.redirectUri, 'aprovar');
    await listOpenFinanceLinks(client, BUYER_CPF);
    await revokeOpenFinanceLink(client, link.linkId, 'teste');
    const calls = standIn.requests.slice(from).filter((request) => request.path !== '/v1/oauth/token');
    expect(new Set(calls.map((request) => `${request.method} ${request.path.replace(/urn:efi:[^/]+/, ':id')}`))).toEqual(
      new Set([
        'PUT /v1/config',
        'GET /v1/config',
        'GET /v1/participantes',
        'POST /v1/pagamentos/pix',
        'GET /v1/pagamentos/pix',
        'POST /v1/pagamentos/pix/:id/devolver',
        'POST /v1/pagamentos-biometria/vinculos',
        'GET /v1/pagamentos-biometria/vinculos',
        'PATCH /v1/pagamentos-biometria/vinculos',
      ]),
    );
    for (const request of calls)
      expect(request.headers['x-idempotency-key'], `${request.method} ${request.path}`).toMatch(/^[a-f0-9]{36,40}$/);
    expect(standIn.violations).toEqual([]);
  });
});

describe('Efí Open Finance: JSR, payments by biometrics under a vínculo', () => {
  it('links the buyer’s account once, pays under it with no bank chosen, lists both, and revokes the vínculo', async () => {
    const link = await createOpenFinanceLink(api(), { cpf: BUYER_CPF, participantId: BANK, idempotencyKey: 'buyer-1:link' });
    expect(JSON.parse(standIn.requests.at(-1)!.rawBody)).toEqual({ pagador: { idParticipante: BANK, cpf: '52998224725' } });
    expect(await listOpenFinanceLinks(api(), BUYER_CPF)).toEqual([]);
    const back = await atTheBank(link.redirectUri, 'aprovar');
    expect(readOpenFinanceReturn(back)).toEqual({ paymentId: null, linkId: link.linkId, error: null });
    const [held] = await listOpenFinanceLinks(api(), BUYER_CPF);
    expect(held).toMatchObject({ linkId: link.linkId, perPaymentLimitCents: 49_999, participant: { id: BANK, name: 'Banco Stand-in' } });

    const addon = await startOpenFinanceLinkedPayment(api(), {
      linkId: link.linkId,
      orderId: 'ord_addon',
      amountCents: 990,
      idempotencyKey: 'ord_addon:jsr',
    });
    expect(JSON.parse(standIn.requests.at(-1)!.rawBody)).toEqual({
      identificadorVinculo: link.linkId,
      favorecido: settings().favorecido,
      pagamento: { valor: '9.90', idProprio: 'ord_addon' },
    });
    await atTheBank(addon.redirectUri, 'aprovar');
    expect(verifyOpenFinanceWebhook(lastCallback(), HMAC)).toMatchObject({ paymentId: addon.paymentId, state: 'paid', ownId: 'ord_addon' });
    const listed = await listOpenFinanceLinkedPayments(api(), { from: Date.now(), to: Date.now(), paymentId: addon.paymentId });
    expect(listed).toMatchObject([{ paymentId: addon.paymentId, state: 'paid', amountCents: 990 }]);
    await expect(
      startOpenFinanceLinkedPayment(api(), { linkId: link.linkId, orderId: 'ord_big', amountCents: 50_000, idempotencyKey: 'ord_big:jsr' }),
    ).rejects.toMatchObject({ status: 422, code: 'valor_acima_do_limite' });

    await revokeOpenFinanceLink(api(), link.linkId, 'Removido pelo comprador');
    expect(JSON.parse(standIn.requests.at(-1)!.rawBody)).toEqual({ identificadorVinculo: link.linkId, motivo: 'Removido pelo comprador' });
    expect(await listOpenFinanceLinks(api(), BUYER_CPF)).toEqual([]);
    await expect(
      startOpenFinanceLinkedPayment(api(), {
        linkId: link.linkId,
        orderId: 'ord_after',
        amountCents: 990,
        idempotencyKey: 'ord_after:jsr',
      }),
    ).rejects.toMatchObject({ code: 'vinculo_invalido', linkGone: true });
    expect(standIn.violations).toEqual([]);
  });

  it('a vínculo refused at the bank comes back with erro and cannot pay; a revoke retried is one revoke', async () => {
    const refused = await createOpenFinanceLink(api(), { cpf: BUYER_CPF, participantId: BANK, idempotencyKey: 'buyer-2:link' });
    const back = await atTheBank(refused.redirectUri, 'recusar');
    expect(readOpenFinanceReturn(back)).toEqual({ paymentId: null, linkId: refused.linkId, error: 'acesso_negado' });
    await expect(
      startOpenFinanceLinkedPayment(api(), { linkId: refused.linkId, orderId: 'ord_r', amountCents: 990, idempotencyKey: 'ord_r:jsr' }),
    ).rejects.toMatchObject({ status: 422, code: 'vinculo_invalido', linkGone: true, uncertain: false });

    const link = await createOpenFinanceLink(api(), { cpf: BUYER_CPF, participantId: BANK, idempotencyKey: 'buyer-3:link' });
    await atTheBank(link.redirectUri, 'aprovar');
    await revokeOpenFinanceLink(api(), link.linkId, 'Removido pelo comprador');
    // A retry of the same revoke is the same call (its idempotency key); the vínculo stays revoked.
    await revokeOpenFinanceLink(api(), link.linkId, 'Removido pelo comprador');
    expect(standIn.links.get(link.linkId)?.status).toBe('revogado');
    expect(await listOpenFinanceLinks(api(), BUYER_CPF)).toEqual([]);
    expect(standIn.violations).toEqual([]);
  });

  it('a JSR payment refused by the buyer reads failed; one approved is returned through devolver like any Open Finance payment', async () => {
    const link = await createOpenFinanceLink(api(), { cpf: BUYER_CPF, participantId: BANK, idempotencyKey: 'buyer-4:link' });
    await atTheBank(link.redirectUri, 'aprovar');
    const refused = await startOpenFinanceLinkedPayment(api(), {
      linkId: link.linkId,
      orderId: 'ord_jsr_no',
      amountCents: 990,
      idempotencyKey: 'ord_jsr_no:jsr',
    });
    const back = await atTheBank(refused.redirectUri, 'recusar');
    expect(readOpenFinanceReturn(back)).toMatchObject({ paymentId: refused.paymentId, error: 'pagamento_rejeitado' });
    const [read] = await listOpenFinanceLinkedPayments(api(), { from: Date.now(), to: Date.now(), paymentId: refused.paymentId });
    expect(read).toMatchObject({ state: 'failed', ownId: 'ord_jsr_no' });
    // A JSR payment is not in the immediate payments' list: each list holds its own journey.
    expect(await listOpenFinancePayments(api(), { from: Date.now(), to: Date.now() })).not.toContainEqual(
      expect.objectContaining({ paymentId: refused.paymentId }),
    );

    const paid = await startOpenFinanceLinkedPayment(api(), {
      linkId: link.linkId,
      orderId: 'ord_jsr_yes',
      amountCents: 990,
      idempotencyKey: 'ord_jsr_yes:jsr',
    });
    await atTheBank(paid.redirectUri, 'aprovar');
    expect(await refundOpenFinancePayment(api(), paid.paymentId, 990, 'jsr-refund')).toMatchObject({ amountCents: 990, state: 'pending' });
    await standIn.settleRefund(paid.paymentId);
    const [returned] = await listOpenFinanceLinkedPayments(api(), { from: Date.now(), to: Date.now(), paymentId: paid.paymentId });
    expect(returned?.refunds).toMatchObject([{ amountCents: 990, state: 'done' }]);
    expect(standIn.violations).toEqual([]);
  });
});

describe('Efí Open Finance: callbacks', () => {
  it('takes a callback verified by mTLS or by its hmac, and refuses a forged, missing or tampered one', async () => {
    const started = await startOpenFinancePayment(api(), order());
    await atTheBank(started.redirectUri, 'aprovar');
    const genuine = lastCallback();
    const forged = { ...genuine, url: new URL(genuine.url.href.replace(HMAC, 'guess')) };
    expect(() => verifyOpenFinanceWebhook(forged, HMAC)).toThrow(WebhookRejectedError);
    const bare = { ...genuine, url: new URL(genuine.url.pathname, genuine.url.origin) };
    expect(() => verifyOpenFinanceWebhook(bare, HMAC)).toThrow(WebhookRejectedError);
    expect(() => verifyOpenFinanceWebhook(genuine, null)).toThrow(WebhookRejectedError);
    expect(verifyOpenFinanceWebhook({ ...bare, clientCertificateVerified: true }, null)).toMatchObject({ state: 'paid' });
    expect(verifyOpenFinanceWebhook({ ...genuine, rawBody: 'not json' }, HMAC)).toBeNull();
    expect(verifyOpenFinanceWebhook({ ...genuine, rawBody: '{"__proto__":{"polluted":1},"tipo":"pagamento"}' }, HMAC)).toBeNull();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('in mTLS mode presents Efí’s client certificate, which our TLS terminator verifies', async () => {
    await configureOpenFinance(api({ webhookHmacSecret: null }), {
      redirectUrl: REDIRECT_URL,
      webhookUrl: `${terminator.url}/api/webhooks/efi-open-finance`,
    });
    const started = await startOpenFinancePayment(api(), order());
    await atTheBank(started.redirectUri, 'aprovar');
    const callback = lastCallback();
    expect(callback.clientCertificateVerified).toBe(true);
    expect(callback.url.searchParams.has('hmac')).toBe(false);
    expect(verifyOpenFinanceWebhook(callback, null)).toMatchObject({ paymentId: started.paymentId, state: 'paid' });
    await configureOpenFinance(api(), { redirectUrl: REDIRECT_URL, webhookUrl: `${terminator.url}/api/webhooks/efi-open-finance` });
  });
});
