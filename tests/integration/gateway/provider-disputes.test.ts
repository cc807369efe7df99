/**
 * The providers' side of PIX disputes (docs/disputes.md), each adapter driven over real HTTP against its stand-in.
 *
 * Sources the adapters and the stand-ins follow:
 * - Efí: its API Pix documentation "Endpoints exclusivos Efí" (dev.efipay.com.br/docs/api-pix/endpoints-exclusivos-efi):
 *   "Listar infrações MED da conta" (`GET /v2/gn/infracoes?inicio=&fim=`, scope `gn.infractions.read`, the reply's
 *   `parametros.paginacao` and `infracoes[]` with `idInfracao`, `endToEndId`, `valor`, `status` ∈ ABERTA / EM_DEFESA /
 *   ACEITA / REJEITADA / CANCELADA_EFI, `tipoSituacao`, `dadosAnalise.prazoFinalizacao`, `origem`; 400
 *   `InfracoesConsultaInvalida`, 403 `insufficient_scope`) and "Submeter defesa de infração MED"
 *   (`POST /v2/gn/infracoes/:idInfracao/defesa`, scope `gn.infractions.write`, `{ analise, justificativa }`, 201; 404
 *   `InfracaoNaoEncontrada`; 409 "A defesa para essa infração já foi criada."; 422 "O prazo para defesa foi
 *   excedido."); github.com/efipay/sdk-node-apis-efi (commit 2728b67) `medList`/`medDefense`; the Banco Central's API
 *   Pix (github.com/bacen/pix-api openapi.yaml) `Devolucao.natureza` ∈ ORIGINAL, RETIRADA, MED_OPERACIONAL, MED_FRAUDE.
 * - Woovi: github.com/Open-Pix/openpix-developers (commit 76584f0) `src/swaggers/woovi.yml` (`GET /api/v1/dispute/{id}`
 *   by the payment's endToEndId, statuses CREATED / ACCEPTED / REJECTED / CANCELED, `value` in centavos, 400 "Dispute
 *   not found"; `POST /api/v1/dispute/:id/evidence` with `documents[{ url, correlationID, description }]`, 400 "You
 *   cannot send a evidence for a accepted dispute"), `docs/webhook/examples/dispute-*.mdx` (the `OPENPIX:DISPUTE_*`
 *   bodies), `docs/disputa/how-add-new-evidence-in-evidence.md` (the dispute's `id` from the DISPUTE_CREATED body; the
 *   document at a public URL that Woovi downloads). The list, from the same commit: woovi.yml `GET /api/v1/dispute`
 *   ("Get a list of disputes", scope DISPUTE_GET_LIST, query `start`/`end` in RFC 3339, reply `{ disputes, pageInfo:
 *   { skip, limit, hasPreviousPage, hasNextPage } }`, its example paged by 10; the `Dispute` schema: `status` IN_REVIEW /
 *   ACCEPTED / REJECTED / CANCELED, `name`, `email`, `phoneNumber`, `value` a number, `disputeReason`, `endToEndId` "the
 *   same of the endToEndId transaction related", `createdAt`, `updatedAt`; no deadline); the next page by `skip` =
 *   `pageInfo.skip` + `pageInfo.limit` (`docs/transaction/transaction-how-to-paginate-api.md`); a scope the application
 *   lacks is HTTP 403 `{ "error": "Application does not have required scope: …" }`
 *   (`docs/account-limits/api-getting-started.mdx`).
 * - Mercado Pago: the Payments API reference, "Get payment" (mercadopago.com.br/developers/en/reference/payments/_payments_id/get):
 *   `status` `in_mediation` ("The user started a dispute") and `charged_back` ("A chargeback was placed on the buyer's
 *   credit card"); its chargebacks API (/v1/chargebacks, docs/checkout-api/additional-content/chargebacks) is for card
 *   chargebacks, so a PIX payment's defence goes through Mercado Pago's panel.
 * - AbacatePay: github.com/AbacatePay/documentation (commit 0d61b4f) `pages/webhooks/reference.mdx`
 *   (`checkout.disputed`, `checkout.lost`, `transparent.disputed`, `transparent.lost`),
 *   `pages/webhooks/events/{checkout,transparent}.mdx` (the disputed bodies), `openapi.yaml` (status UNDER_DISPUTE).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CreatePixInput, ProviderDispute } from '../../../src/server/gateway/pix-provider.ts';
import { createEfiProvider, type EfiProvider } from '../../../src/server/gateway/providers/efi/efi-provider.ts';
import { MAX_DEFENCE_CHARS } from '../../../src/server/gateway/providers/efi/pix-api-infractions.ts';
import { GatewayError } from '../../../src/server/gateway/types.ts';
import { createAbacatepayProvider } from '../../../src/server/gateway/providers/abacatepay/abacatepay-provider.ts';
import { createWooviProvider } from '../../../src/server/gateway/providers/woovi/woovi-provider.ts';
import { createMercadoPagoProvider } from '../../../src/server/gateway/providers/mercadopago/mercadopago-provider.ts';
import { asWebhookRequest, startHttpReceiver, type HttpReceiver } from '../../support/http-receiver.ts';
import { startAbacatepayStandIn, type AbacatepayStandIn } from '../../support/providers/abacatepay/abacatepay-stand-in.ts';
import { EfiStandIn, makeTestPki, type TestPki } from '../../support/providers/efi/efi-stand-in.ts';
import { startWooviStandIn, type WooviStandIn } from '../../support/providers/woovi/woovi-stand-in.ts';
import {
  MP_STAND_IN_TOKEN,
  MP_STAND_IN_WEBHOOK_SECRET,
  startMercadoPagoStandIn,
  type MercadoPagoStandIn,
} from '../../support/providers/mercadopago/mercadopago-stand-in.ts';

const DAY = 24 * 60 * 60_000;

describe('Efí: MED infractions', () => {
  const credentials = {
    clientId: 'Client_Id_disputes',
    clientSecret: 'Client_Secret_disputes',
    pixKey: '0c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5',
  };
  let pki: TestPki;
  let bank: EfiStandIn;
  let clock: number;
  let efi: EfiProvider;
  let keys = 0;

  const input = (amountCents: number): CreatePixInput => ({
    idempotencyKey: `dispute-order-${++keys}:attempt-1`,
    amountCents,
    items: [{ title: 'Guia de Fornecedores', priceCents: amountCents }],
    customer: { name: 'Maria Silva', email: 'maria@example.com', phoneDigits: '11987654321', document: null },
    webhookUrl: 'https://loja.example/api/webhooks/efi',
    expiresInSeconds: 3600,
    requestedAt: clock,
  });

  /** A charge made and paid through the real client; returns its txid and the Pix's end-to-end id. */
  async function paidCharge(amountCents = 2980) {
    const charge = await efi.createCharge(input(amountCents));
    const endToEndId = bank.pay(charge.chargeId);
    return { txid: charge.chargeId, endToEndId };
  }

  const dayRange = () => ({ from: clock - DAY, to: clock + 1000 });

  beforeAll(() => {
    pki = makeTestPki();
  });
  afterAll(() => pki.cleanup());
  beforeEach(async () => {
    clock = Date.parse('2026-03-02T15:00:00.000Z');
    bank = new EfiStandIn({ pki, ...credentials, now: () => clock });
    await bank.start();
    efi = createEfiProvider(
      { ...credentials, certificatePath: pki.sellerP12Path, apiUrl: bank.url },
      { ca: pki.caCert, now: () => clock, timeoutMs: 2_000 },
    );
  });
  afterEach(async () => {
    await bank.stop();
    expect(bank.violations).toEqual([]);
  });

  it('lists an infraction on a paid charge with its amount, its deadline and the payer Efí names', async () => {
    const { txid, endToEndId } = await paidCharge(2980);
    const due = clock + 3 * DAY;
    const id = bank.openInfraction(txid, { prazoFinalizacao: due, payer: { nome: 'Maria Silva', documento: '12345678909' } });
    const disputes = (await efi.disputes!.list!(dayRange())).disputes;
    expect(disputes).toEqual<ProviderDispute[]>([
      {
        disputeId: id,
        chargeId: null,
        endToEndId,
        amountCents: 2980,
        state: 'open',
        rawStatus: 'ABERTA (golpe)',
        defenceDueAt: due,
        payer: { name: 'Maria Silva', document: '12345678909' },
      },
    ]);
    const listed = bank.requests.find((request) => request.path.startsWith('/v2/gn/infracoes'))!;
    expect(listed.method).toBe('GET');
    expect(listed.query.inicio).toBe('2026-03-01T15:00:00Z');
    expect(listed.query.fim).toBe('2026-03-02T15:00:01Z');
  });

  it('reads each status as its state: an accepted infraction is lost, a rejected one won', async () => {
    const states = { ABERTA: 'open', EM_DEFESA: 'defending', ACEITA: 'lost', REJEITADA: 'won', CANCELADA_EFI: 'cancelled' } as const;
    const ids = new Map<string, string>();
    for (const status of Object.keys(states) as Array<keyof typeof states>) {
      const { txid } = await paidCharge(1990);
      const id = bank.openInfraction(txid, { prazoFinalizacao: clock + DAY });
      if (status !== 'ABERTA') bank.setInfractionStatus(id, status);
      ids.set(id, states[status]);
    }
    const disputes = (await efi.disputes!.list!(dayRange())).disputes;
    expect(new Map(disputes.map((dispute) => [dispute.disputeId, dispute.state]))).toEqual(ids);
  });

  it('reads every page of a long list', async () => {
    const { txid } = await paidCharge(1990);
    for (let index = 0; index < 23; index++) bank.openInfraction(txid, { prazoFinalizacao: clock + DAY });
    const disputes = (await efi.disputes!.list!(dayRange())).disputes;
    expect(new Set(disputes.map((dispute) => dispute.disputeId))).toEqual(new Set(bank.infracoes.keys()));
    expect(bank.requests.filter((request) => request.path.startsWith('/v2/gn/infracoes'))).toHaveLength(3);
  });

  it('names the call and the scope when the application lacks gn.infractions.read', async () => {
    bank.script('GET', '/v2/gn/infracoes', {
      kind: 'status',
      status: 403,
      body: JSON.stringify({ error: 'insufficient_scope', error_description: 'Access token has insufficient scope' }),
    });
    const error = await efi.disputes!.list!(dayRange()).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as GatewayError).kind).toBe('dispute');
    expect((error as GatewayError).message).toMatch(/não listou as infrações MED.*gn\.infractions\.read/);
  });

  it('sends the defence once as a rejection with its justificativa; a second is already sent, a late one too late', async () => {
    const { txid } = await paidCharge(2980);
    const id = bank.openInfraction(txid, { prazoFinalizacao: clock + 2 * DAY });
    const [dispute] = (await efi.disputes!.list!(dayRange())).disputes;
    const text = `O comprador recebeu o acesso em 02/03/2026 e abriu a área de membros 3 vezes. ${'x'.repeat(3000)}`;
    expect(await efi.disputes!.defend!(dispute!, { text, pdf: null })).toEqual({ kind: 'sent' });
    expect(bank.defences).toEqual([{ idInfracao: id, analise: 'rejeitado', justificativa: text.slice(0, MAX_DEFENCE_CHARS) }]);
    expect(efi.disputes!.maxDefenceChars).toBe(MAX_DEFENCE_CHARS);
    expect(await efi.disputes!.defend!(dispute!, { text, pdf: null })).toEqual({ kind: 'already_sent' });
    expect(bank.defences).toHaveLength(1);
    const [listedAgain] = (await efi.disputes!.list!(dayRange())).disputes;
    expect(listedAgain!.state).toBe('defending');

    const late = await paidCharge(1990);
    bank.openInfraction(late.txid, { prazoFinalizacao: clock + DAY });
    const lateDispute = (await efi.disputes!.list!(dayRange())).disputes.find((found) => found.endToEndId === late.endToEndId)!;
    clock += DAY + 60_000;
    expect(await efi.disputes!.defend!(lateDispute, { text: 'Defesa', pdf: null })).toEqual({ kind: 'too_late' });
    expect(bank.defences).toHaveLength(1);
  });

  it('throws an error naming the defence call for any other refusal', async () => {
    const { txid } = await paidCharge(2980);
    bank.openInfraction(txid, { prazoFinalizacao: clock + DAY });
    const [dispute] = (await efi.disputes!.list!(dayRange())).disputes;
    bank.script('POST', '/v2/gn/infracoes/', {
      kind: 'status',
      status: 500,
      body: JSON.stringify({ type: 'x', title: 'Erro Interno', status: 500, detail: 'Ocorreu um erro interno' }),
    });
    const error = await efi.disputes!.defend!(dispute!, { text: 'Defesa', pdf: null }).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as GatewayError).message).toMatch(/não recebeu a defesa da infração MED/);
  });

  it('counts a MED devolução on the paid Pix as returned by the MED, apart from the seller’s own devolução', async () => {
    const { txid, endToEndId } = await paidCharge(2980);
    expect((await efi.getCharge(txid)).disputeReturnedCents ?? null).toBeNull();
    // The seller's own devolução (natureza ORIGINAL) is not the MED's.
    const own = await efi.refund(await efi.getCharge(txid), { refundId: 'own1', amountCents: 990 });
    bank.settleRefund(endToEndId, 'own1', 'DEVOLVIDO');
    expect(own.state).toBe('pending');
    expect((await efi.getCharge(txid)).disputeReturnedCents ?? null).toBeNull();
    bank.medReturn(endToEndId, 1990, 'MED_OPERACIONAL');
    const read = await efi.getCharge(txid);
    expect(read.disputeReturnedCents).toBe(1990);
    // The whole Pix went back (990 by the seller, 1990 by the MED): the charge reads reversed, as any full return.
    expect(read.state).toBe('reversed');
  });
});

/** A buyer's checkout as every provider takes it. */
function checkoutInput(key: string, amountCents: number): CreatePixInput {
  return {
    idempotencyKey: key,
    amountCents,
    items: [{ title: 'Guia de Fornecedores', priceCents: amountCents }],
    customer: { name: 'Maria da Silva', email: 'maria@example.com', phoneDigits: '11987654321', document: '52998224725' },
    webhookUrl: 'https://loja.example/api/webhooks/provider',
    expiresInSeconds: 3600,
    requestedAt: Date.now(),
  };
}

describe('Mercado Pago: a payment in mediation or charged back', () => {
  let standIn: MercadoPagoStandIn;
  beforeEach(async () => {
    standIn = await startMercadoPagoStandIn();
  });
  afterEach(() => standIn.stop());
  const provider = () =>
    createMercadoPagoProvider(
      { accessToken: MP_STAND_IN_TOKEN, webhookSecret: MP_STAND_IN_WEBHOOK_SECRET, apiUrl: standIn.url },
      { timeoutMs: 2_000 },
    );

  it('reads in_mediation as an open dispute on a held payment, charged_back as a lost one whose whole amount the dispute returned', async () => {
    const mp = provider();
    const charge = await mp.createCharge(checkoutInput('mp-dispute-1', 2980));
    standIn.pay(charge.chargeId);
    const paid = await mp.getCharge(charge.chargeId);
    expect(paid.state).toBe('paid');
    expect(paid.dispute ?? null).toBeNull();

    standIn.mediate(charge.chargeId);
    const held = await mp.getCharge(charge.chargeId);
    expect(held.state).toBe('unknown');
    expect(held.dispute).toEqual<ProviderDispute>({
      disputeId: charge.chargeId,
      chargeId: charge.chargeId,
      endToEndId: null,
      amountCents: 2980,
      state: 'open',
      rawStatus: 'in_mediation',
      defenceDueAt: null,
      payer: null,
    });
    expect(held.disputeReturnedCents ?? null).toBeNull();

    standIn.chargeBack(charge.chargeId);
    const lost = await mp.getCharge(charge.chargeId);
    // Reversed as before: the money went back; now known as the dispute's, not the seller's refund.
    expect(lost.state).toBe('reversed');
    expect(lost.dispute).toMatchObject({ disputeId: charge.chargeId, state: 'lost', rawStatus: 'charged_back', amountCents: 2980 });
    expect(lost.disputeReturnedCents).toBe(2980);
  });
});

describe('AbacatePay: dispute events', () => {
  const secret = 'abacate-dispute-secret';
  let standIn: AbacatepayStandIn;
  let receiver: HttpReceiver;
  beforeEach(async () => {
    standIn = await startAbacatepayStandIn();
    receiver = await startHttpReceiver();
    standIn.webhook = { url: `${receiver.url}/api/webhooks/abacatepay`, secret };
  });
  afterEach(async () => {
    await standIn.stop();
    await receiver.stop();
  });
  const provider = () =>
    createAbacatepayProvider({ apiKey: standIn.apiKey, webhookSecret: secret, apiUrl: standIn.url }, { timeoutMs: 2_000 });
  const lastDelivery = () => asWebhookRequest(receiver.requests.at(-1)!, 'https://loja.example', '203.0.113.9');

  it('opens a dispute on transparent.disputed and on a read UNDER_DISPUTE, and loses it on transparent.lost', async () => {
    const abacate = provider();
    const charge = await abacate.createCharge(checkoutInput('abacate-dispute-1', 2980));
    await standIn.markPaid(charge.chargeId);

    await standIn.dispute(charge.chargeId);
    const opened = await abacate.parseWebhook(lastDelivery());
    expect(opened).toEqual([
      {
        kind: 'dispute',
        dispute: {
          disputeId: charge.chargeId,
          chargeId: charge.chargeId,
          endToEndId: null,
          amountCents: 2980,
          state: 'open',
          rawStatus: 'transparent.disputed',
          defenceDueAt: null,
          // The documented body masks the payer's taxId: only the name is kept.
          payer: { name: 'Pagador', document: null },
        },
      },
      { kind: 'charge', chargeId: charge.chargeId },
    ]);
    const read = await abacate.getCharge(charge.chargeId);
    expect(read.state).toBe('unknown');
    expect(read.dispute).toMatchObject({ disputeId: charge.chargeId, state: 'open', rawStatus: 'UNDER_DISPUTE', amountCents: 2980 });

    await standIn.loseDispute(charge.chargeId);
    const lost = await abacate.parseWebhook(lastDelivery());
    expect(lost[0]).toMatchObject({
      kind: 'dispute',
      dispute: { disputeId: charge.chargeId, state: 'lost', rawStatus: 'transparent.lost' },
    });
  });

  it('reads the checkout.* variants from data.checkout', async () => {
    const abacate = provider();
    const charge = await abacate.createCharge(checkoutInput('abacate-dispute-2', 1990));
    await standIn.markPaid(charge.chargeId);
    await standIn.dispute(charge.chargeId, { as: 'checkout' });
    expect((await abacate.parseWebhook(lastDelivery()))[0]).toMatchObject({
      kind: 'dispute',
      dispute: { chargeId: charge.chargeId, state: 'open' },
    });
    await standIn.loseDispute(charge.chargeId, { as: 'checkout' });
    expect((await abacate.parseWebhook(lastDelivery()))[0]).toMatchObject({
      kind: 'dispute',
      dispute: { chargeId: charge.chargeId, state: 'lost' },
    });
  });
});

describe('Woovi: dispute webhooks, reads and evidence', () => {
  let standIn: WooviStandIn;
  let receiver: HttpReceiver;
  beforeEach(async () => {
    standIn = await startWooviStandIn();
    receiver = await startHttpReceiver();
    standIn.webhookUrl = `${receiver.url}/api/webhooks/woovi`;
  });
  afterEach(async () => {
    await standIn.stop();
    await receiver.stop();
  });
  const provider = () =>
    createWooviProvider({ appId: standIn.appId, webhookPublicKey: standIn.publicKey, apiUrl: standIn.url }, { timeoutMs: 2_000 });
  const delivered = (event: string) => {
    const delivery = standIn.deliveries.findLast((item) => item.event === event)!;
    return asWebhookRequest(
      receiver.requests.findLast((item) => item.body === delivery.body)!,
      'https://loja.example',
      '203.0.113.9',
    );
  };
  async function paid(woovi: ReturnType<typeof provider>, key: string) {
    const charge = await woovi.createCharge(checkoutInput(key, 2980));
    await standIn.pay(charge.chargeId);
    return { chargeId: charge.chargeId, endToEndId: standIn.charges.get(charge.chargeId)!.endToEndId! };
  }

  it('DISPUTE_CREATED becomes a dispute event read back from GET /api/v1/dispute, and the paid charge reads with it', async () => {
    const woovi = provider();
    const { chargeId, endToEndId } = await paid(woovi, 'woovi-dispute-1');
    await standIn.dispute(chargeId);
    const events = await woovi.parseWebhook(delivered('OPENPIX:DISPUTE_CREATED'));
    const open: ProviderDispute = {
      disputeId: endToEndId,
      chargeId,
      endToEndId,
      amountCents: 2980,
      state: 'open',
      rawStatus: 'OPENED',
      defenceDueAt: null,
      payer: { name: 'Pagador', document: null },
    };
    expect(events).toEqual([
      { kind: 'dispute', dispute: open },
      { kind: 'charge', chargeId },
    ]);
    expect(standIn.requests.some((request) => request.method === 'GET' && request.path === `/api/v1/dispute/${endToEndId}`)).toBe(true);
    const read = await woovi.getCharge(chargeId);
    expect(read).toMatchObject({ state: 'unknown', rawStatus: 'DISPUTE_OPENED', dispute: open });
  });

  it('ACCEPTED is a lost dispute whose money went back by the MED; REJECTED a won one, the payment kept', async () => {
    const woovi = provider();
    const lost = await paid(woovi, 'woovi-dispute-2');
    await standIn.dispute(lost.chargeId);
    await standIn.endDispute(lost.chargeId, 'ACCEPTED');
    const [event] = await woovi.parseWebhook(delivered('OPENPIX:DISPUTE_ACCEPTED'));
    expect(event).toMatchObject({ kind: 'dispute', dispute: { state: 'lost', rawStatus: 'ACCEPTED' } });
    expect(await woovi.getCharge(lost.chargeId)).toMatchObject({
      state: 'reversed',
      disputeReturnedCents: 2980,
      dispute: { state: 'lost' },
    });

    const won = await paid(woovi, 'woovi-dispute-3');
    await standIn.dispute(won.chargeId);
    await standIn.endDispute(won.chargeId, 'REJECTED');
    expect((await woovi.parseWebhook(delivered('OPENPIX:DISPUTE_REJECTED')))[0]).toMatchObject({
      kind: 'dispute',
      dispute: { state: 'won' },
    });
    const kept = await woovi.getCharge(won.chargeId);
    expect(kept).toMatchObject({ state: 'paid', dispute: { state: 'won' } });
    expect(kept.disputeReturnedCents ?? null).toBeNull();
  });

  it('lists every dispute in the window, page by page, keyed by the payment’s end-to-end id as its webhook is', async () => {
    const woovi = provider();
    const payments: Array<{ chargeId: string; endToEndId: string }> = [];
    for (let index = 0; index < 12; index++) {
      const payment = await paid(woovi, `woovi-list-${index}`);
      await standIn.dispute(payment.chargeId);
      payments.push(payment);
    }
    await standIn.endDispute(payments[0]!.chargeId, 'ACCEPTED');
    await standIn.endDispute(payments[1]!.chargeId, 'REJECTED');
    const now = Date.now();
    const read = await woovi.disputes!.list!({ from: now - 30 * DAY, to: now + 1000 });
    expect(read.resumeAt).toBeNull();
    const listed = read.disputes;

    expect(listed).toHaveLength(12);
    expect(new Set(listed.map((dispute) => dispute.disputeId))).toEqual(new Set(payments.map((payment) => payment.endToEndId)));
    const byPayment = (payment: { endToEndId: string }) => listed.find((dispute) => dispute.endToEndId === payment.endToEndId);
    expect(byPayment(payments[0]!)).toMatchObject({ state: 'lost', rawStatus: 'ACCEPTED', amountCents: 2980 });
    expect(byPayment(payments[1]!)).toMatchObject({ state: 'won' });
    expect(byPayment(payments[2]!)).toEqual({
      disputeId: payments[2]!.endToEndId,
      chargeId: null,
      endToEndId: payments[2]!.endToEndId,
      amountCents: 2980,
      state: 'open',
      rawStatus: 'OPENED',
      defenceDueAt: null,
      payer: { name: 'Pagador', document: null },
    });
    // The webhook's dispute has the same key: one dispute, however it is seen.
    const [event] = await woovi.parseWebhook(delivered('OPENPIX:DISPUTE_CREATED'));
    expect((event as { dispute: ProviderDispute }).dispute.disputeId).toBe(payments[11]!.endToEndId);

    const pages = standIn.requests.filter((request) => request.method === 'GET' && request.path === '/api/v1/dispute');
    // Woovi's largest page (100): the 12 in one request.
    expect(pages.map((request) => [request.query.skip ?? '0', request.query.limit])).toEqual([['0', '100']]);
    expect(pages[0]!.query).toMatchObject({
      start: new Date(Math.floor((now - 30 * DAY) / 1000) * 1000).toISOString().replace('.000Z', 'Z'),
      end: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
    });
    // A window before the disputes were opened lists none.
    expect((await woovi.disputes!.list!({ from: now - 30 * DAY, to: now - 29 * DAY })).disputes).toEqual([]);
  });

  it('a list Woovi refuses says what to fix: the scope it names (403), the AppID (401); no answer and a reply that is no list throw too', async () => {
    const woovi = provider();
    const range = { from: Date.now() - DAY, to: Date.now() };
    const refusal = async () => {
      const error = await woovi.disputes!.list!(range).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(GatewayError);
      return (error as GatewayError).message;
    };
    standIn.scriptNext('disputes', {
      kind: 'status',
      status: 403,
      body: { error: 'Application does not have required scope: DISPUTE_GET_LIST' },
    });
    expect(await refusal()).toContain('não tem o escopo DISPUTE_GET_LIST');

    const wrongAppId = createWooviProvider(
      { appId: 'outra-chave', webhookPublicKey: standIn.publicKey, apiUrl: standIn.url },
      { timeoutMs: 2_000 },
    );
    const refused = await wrongAppId.disputes!.list!(range).catch((caught: unknown) => caught);
    expect((refused as GatewayError).message).toContain('WOOVI_APP_ID');
    expect((refused as GatewayError).httpStatus).toBe(401);

    standIn.scriptNext('disputes', { kind: 'status', status: 500 });
    expect(await refusal()).toMatch(/HTTP 500/);
    standIn.scriptNext('disputes', { kind: 'raw', text: '<html>erro</html>', status: 200, contentType: 'text/html' });
    expect(await refusal()).toContain('não pôde ser lida');
    standIn.scriptNext('disputes', { kind: 'reset' });
    expect(await refusal()).toContain('não deu resposta');
  });

  it('sends the defence as one evidence document at the PDF’s URL; an accepted dispute takes none', async () => {
    const woovi = provider();
    const { chargeId, endToEndId } = await paid(woovi, 'woovi-dispute-4');
    await standIn.dispute(chargeId);
    const [event] = await woovi.parseWebhook(delivered('OPENPIX:DISPUTE_CREATED'));
    const dispute = (event as { dispute: ProviderDispute }).dispute;
    const pdfUrl = 'https://loja.example/api/disputes/evidence/abc.pdf';
    const text = `Acesso entregue e aberto. ${'y'.repeat(2000)}`;
    expect(await woovi.disputes!.defend!(dispute, { text, pdf: null, pdfUrl })).toEqual({ kind: 'sent' });
    expect(standIn.charges.get(chargeId)!.dispute!.evidence).toEqual([
      { url: pdfUrl, correlationID: `defesa-${endToEndId}`, description: text.slice(0, woovi.disputes!.maxDefenceChars) },
    ]);
    // Without a URL Woovi could download, nothing is sent.
    const noUrl = await woovi.disputes!.defend!(dispute, { text, pdf: new Uint8Array([37]) }).catch((error: unknown) => error);
    expect(noUrl).toBeInstanceOf(GatewayError);
    expect(standIn.charges.get(chargeId)!.dispute!.evidence).toHaveLength(1);

    await standIn.endDispute(chargeId, 'ACCEPTED');
    expect(await woovi.disputes!.defend!(dispute, { text, pdf: null, pdfUrl })).toEqual({ kind: 'too_late' });
  });
});
