/**
 * JSR, "Pix por biometria": after paying in their bank's app the buyer keeps the account linked ("Salvar para pagar
 * com biometria"), and the add-on offered after payment is paid under that vínculo with no bank chosen and no CPF
 * sent, only the buyer's confirmation at the bank. The vínculo is theirs: removed from the member page or with their
 * data, it is revoked at Efí and its id is gone. Refunds of a JSR payment (the guarantee, the automatic one of an
 * add-on whose purchase went back, the console's, one confirmed twice over an open dispute) go through Efí's devolver. Over real HTTP on each database, with Efí's stand-ins (sources in
 * tests/integration/open-finance/provider-efi-open-finance.test.ts).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fetchFrom, newClientAddress, signInToConsole } from '../../support/clients.ts';
import { orderRow } from '../../support/db-reads.ts';
import {
  atTheBank,
  comeBackWithKey,
  OPEN_FINANCE_BANK as BANK,
  OPEN_FINANCE_PASSWORD,
  placeOpenFinanceOrder,
  startBankPayment,
  startOpenFinanceRig,
  type OpenFinanceRig,
} from '../../support/open-finance-rig.ts';
import {
  STAND_IN_BIOMETRIC_PARTICIPANTS,
  STAND_IN_PARTICIPANTS,
  type HeldLink,
} from '../../support/providers/efi/efi-open-finance-stand-in.ts';
import { exportBuyerData } from '../../../src/server/privacy/buyer-data.ts';
import { entitledLists } from '../../../src/server/purchase/purchase-service.ts';
import { askRefund, consoleCall, drainOutbox, memberVisit } from '../../support/purchase.ts';
import type { AdminOrderDetail } from '../../../src/shared/admin.ts';
import { databases, type TestDb } from '../test-db.ts';

interface StatusReply {
  status: string;
  bankLink?: 'can_save' | 'linked';
  addonOffer?: { version: number; priceCents: number };
  addonOrder?: { orderId: string; pix: { code: string | null; qrSvg: string | null }; bankRefused?: true };
}

for (const database of databases) {
  describe(`JSR: the add-on paid by biometrics under the buyer's vínculo, on ${database.name}`, () => {
    let db: TestDb;
    let rig: OpenFinanceRig;

    beforeAll(async () => {
      db = await database.create();
      rig = await startOpenFinanceRig(db);
    });
    afterEach(async () => {
      await rig.server.background.idle();
    });
    afterAll(async () => {
      await rig?.stop();
      await db?.close();
    });

    /** From an address of its own: the checkout's hourly limit is per address. */
    const call = (path: string, viewKey: string, body?: unknown) =>
      fetchFrom(newClientAddress())(`${rig.server.url}/api/orders${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Order-Key': viewKey },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const status = async (orderId: string, viewKey: string) => (await (await call(`/${orderId}`, viewKey)).json()) as StatusReply;
    /** As a tab with only the order's e-mailed key (`#k=` of the way back or the e-mail's link) calls `/api{path}`. */
    const byKey = (path: string, key: string, body?: unknown) =>
      fetchFrom(newClientAddress())(`${rig.server.url}/api${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Order-Contact': key },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const lastPayment = () => [...rig.bank.payments.values()].at(-1)!;
    const linksOf = (email: string) => db.db.selectFrom('open_finance_links').selectAll().where('buyer_email', '=', email).execute();

    /** Paid in the bank's app at BANK. */
    async function paidAtTheBank(name: string) {
      const placed = await placeOpenFinanceOrder(rig, db, name);
      expect((await startBankPayment(rig, placed.order.id, placed.viewKey)).status).toBe(200);
      await atTheBank(rig, lastPayment().identificadorPagamento, true);
      expect((await orderRow(db, placed.order.id)).status).toBe('paid');
      return placed;
    }

    /** "Salvar para pagar com biometria", approved (or refused) at the bank; where the browser lands. */
    async function saveLink(orderId: string, viewKey: string, approve = true) {
      const saved = await call(`/${orderId}/vinculo`, viewKey, {});
      expect(saved.status).toBe(200);
      const { redirectUri } = (await saved.json()) as { redirectUri: string };
      expect(redirectUri.startsWith(rig.bank.bankUrl)).toBe(true);
      const link = [...rig.bank.links.values()].at(-1)!;
      return { link, location: await atTheBank(rig, link.identificador, approve) };
    }

    it('saved after a payment in the bank app, the add-on is paid in one tap: no bank, no CPF, only the confirmation', async () => {
      const { buyer, viewKey, order } = await paidAtTheBank('Joana Paiva');
      const before = await status(order.id, viewKey);
      expect(before).toMatchObject({ status: 'paid', bankLink: 'can_save' });
      expect(before.addonOffer).toBeDefined();
      // Another tab (no view key) is offered nothing.
      expect((await status(order.id, 'y'.repeat(40))).bankLink).toBeUndefined();
      expect((await call(`/${order.id}/vinculo`, 'y'.repeat(40), {})).status).toBe(404);

      const { link, location } = await saveLink(order.id, viewKey);
      expect(link).toMatchObject({ cpf: buyer.document, idParticipante: BANK, status: 'aceito' });
      expect(location).toBe(`/pedido/${order.public_ref}?vinculo=salvo`);
      expect(await status(order.id, viewKey)).toMatchObject({ bankLink: 'linked' });
      // The buyer's copy of their data names the bank, not Efí's id of it.
      expect((await exportBuyerData(db.db, buyer.email)).bankLinks).toEqual([
        { bank: 'Banco Stand-in', state: 'active', createdAt: expect.any(String), activeAt: expect.any(String) },
      ]);

      const tapped = await call(`/${order.id}/addon/biometria`, viewKey, { offerVersion: before.addonOffer!.version });
      expect(tapped.status).toBe(200);
      const { redirectUri } = (await tapped.json()) as { redirectUri: string };
      const payment = lastPayment();
      expect(payment.jsr).toBe(true);
      const addon = await db.db.selectFrom('orders').selectAll().where('parent_order_id', '=', order.id).executeTakeFirstOrThrow();
      // Nothing about the buyer goes with it: the vínculo names them.
      expect(payment.body).toEqual({
        identificadorVinculo: link.identificador,
        favorecido: expect.any(Object),
        pagamento: { valor: '9.90', idProprio: addon.id },
      });
      expect(JSON.stringify(payment.body)).not.toContain(buyer.document);
      // Tapped twice: the same confirmation page, one payment.
      expect(await (await call(`/${order.id}/addon/biometria`, viewKey, {})).json()).toEqual({ redirectUri });
      expect([...rig.bank.payments.values()].filter((held) => held.jsr)).toHaveLength(1);

      const back = await atTheBank(rig, payment.identificadorPagamento, true);
      expect(back).toBe(`/pedido/${order.public_ref}?banco=pago&adicional=1`);
      const paidAddon = await orderRow(db, addon.id);
      expect(paidAddon.status).toBe('paid');
      // The add-on's own PIX is no longer payable.
      expect(rig.efi.standIn.cob(addon.charge_id!)?.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
      expect((await status(order.id, viewKey)).addonOffer).toBeUndefined();
      expect((await call(`/${order.id}/addon/biometria`, viewKey, {})).status).toBe(409);
    });

    /** The purchase paid in the bank's app, the vínculo saved, and the add-on paid under it. */
    async function addonPaidByLink(name: string) {
      const placed = await paidAtTheBank(name);
      const mainPayment = lastPayment().identificadorPagamento;
      await saveLink(placed.order.id, placed.viewKey);
      expect((await call(`/${placed.order.id}/addon/biometria`, placed.viewKey, {})).status).toBe(200);
      const addonPayment = lastPayment().identificadorPagamento;
      await atTheBank(rig, addonPayment, true);
      const addon = await db.db.selectFrom('orders').selectAll().where('parent_order_id', '=', placed.order.id).executeTakeFirstOrThrow();
      expect(addon.status).toBe('paid');
      return { ...placed, addon, mainPayment, addonPayment, pixCalls: rig.efi.standIn.requests.length };
    }

    const returnsOf = (paymentId: string) =>
      rig.bank.requests.filter((request) => request.method === 'POST' && request.path.endsWith(`/pagamentos/pix/${paymentId}/devolver`));
    const pixRefundCalls = (from: number) =>
      rig.efi.standIn.requests.slice(from).filter((request) => request.method === 'PUT' && request.path.includes('/devolucao/'));

    /** Efí accepts each pending return; past the refund row's backoff the next outbox run reads it and the order ends refunded. */
    async function returnsSettle(paymentIds: string[]) {
      for (const paymentId of paymentIds) await rig.bank.settleRefund(paymentId);
      rig.advance(20 * 60_000);
      await drainOutbox(rig.server);
    }

    it("the buyer's guarantee refund returns the purchase and its add-on paid by JSR through devolver, never the PIX", async () => {
      const { order, addon, mainPayment, addonPayment, pixCalls } = await addonPaidByLink('Lívia Borges');
      const { cookie } = await memberVisit(rig.server.url, db, order.id, rig.now());
      expect((await askRefund(rig.server.url, cookie, { confirm: true })).status).toBe(200);
      await drainOutbox(rig.server);
      expect(returnsOf(mainPayment).map((request) => JSON.parse(request.rawBody) as unknown)).toEqual([{ valor: '19.90' }]);
      // The add-on goes back with its purchase, automatically, under the payment JSR made.
      expect(returnsOf(addonPayment).map((request) => JSON.parse(request.rawBody) as unknown)).toEqual([{ valor: '9.90' }]);
      await returnsSettle([mainPayment, addonPayment]);
      expect((await orderRow(db, order.id)).status).toBe('reversed');
      expect((await orderRow(db, addon.id)).status).toBe('reversed');
      expect(returnsOf(mainPayment)).toHaveLength(1);
      expect(returnsOf(addonPayment)).toHaveLength(1);
      expect(pixRefundCalls(pixCalls)).toEqual([]);
    });

    it('"Reembolsar" in the console on the add-on paid by JSR returns it through devolver; the purchase stays paid', async () => {
      const { order, addon, mainPayment, addonPayment, pixCalls } = await addonPaidByLink('Renato Queiroz');
      const admin = await signInToConsole(rig.server.url, OPEN_FINANCE_PASSWORD, rig.server.url);
      const pressed = await consoleCall(rig.server.url, admin, `/orders/${addon.id}/refund/start`, {}, { origin: rig.server.url });
      expect(pressed.status).toBe(202);
      await drainOutbox(rig.server);
      expect(returnsOf(addonPayment).map((request) => JSON.parse(request.rawBody) as unknown)).toEqual([{ valor: '9.90' }]);
      await returnsSettle([addonPayment]);
      expect((await orderRow(db, addon.id)).status).toBe('reversed');
      expect((await orderRow(db, order.id)).status).toBe('paid');
      expect(returnsOf(mainPayment)).toEqual([]);
      expect(pixRefundCalls(pixCalls)).toEqual([]);
    });

    it('a dispute entered by hand holds the refund until the seller confirms twice; then both payments go back through devolver', async () => {
      const { order, addon, mainPayment, addonPayment, pixCalls } = await addonPaidByLink('Sílvia Mattos');
      const admin = await signInToConsole(rig.server.url, OPEN_FINANCE_PASSWORD, rig.server.url);
      const seller = (path: string, body: unknown) => consoleCall(rig.server.url, admin, path, body, { origin: rig.server.url });
      expect((await seller('/disputes', { query: order.public_ref })).status).toBe(201);
      const refused = await seller(`/orders/${order.id}/refund/start`, {});
      expect(refused.status).toBe(409);
      await drainOutbox(rig.server);
      expect(returnsOf(mainPayment)).toEqual([]);

      expect((await seller(`/orders/${order.id}/refund/start`, { confirmDispute: true })).status).toBe(202);
      await drainOutbox(rig.server);
      expect(returnsOf(mainPayment).map((request) => JSON.parse(request.rawBody) as unknown)).toEqual([{ valor: '19.90' }]);
      expect(returnsOf(addonPayment).map((request) => JSON.parse(request.rawBody) as unknown)).toEqual([{ valor: '9.90' }]);
      await returnsSettle([mainPayment, addonPayment]);
      expect((await orderRow(db, order.id)).status).toBe('reversed');
      expect((await orderRow(db, addon.id)).status).toBe('reversed');
      expect(pixRefundCalls(pixCalls)).toEqual([]);
    });

    it('the way back in a new tab (only the key its fragment carries) offers saving, the add-on and the order page the same as the buying tab', async () => {
      const placed = await placeOpenFinanceOrder(rig, db, 'Lia Fontes');
      const { order } = placed;
      expect((await startBankPayment(rig, order.id, placed.viewKey)).status).toBe(200);
      const back = await rig.bank.decide(lastPayment().identificadorPagamento, true);
      const { location, contactKey } = await comeBackWithKey(rig, back);
      expect(location).toBe(`/pedido/${order.public_ref}?banco=pago`);
      expect(contactKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
      // The order page names the order only to the key; without it, neither the id nor any action.
      const page = (await (await byKey(`/order-page/${order.public_ref}`, contactKey!)).json()) as { status: string; orderId?: string };
      expect(page).toMatchObject({ status: 'paid', orderId: order.id });
      expect(
        ((await (await byKey(`/order-page/${order.public_ref}`, 'z'.repeat(32))).json()) as { orderId?: string }).orderId,
      ).toBeUndefined();
      const offered = (await (await byKey(`/orders/${order.id}`, contactKey!)).json()) as StatusReply & { accessUrl?: string };
      expect(offered).toMatchObject({ status: 'paid', bankLink: 'can_save' });
      expect(offered.addonOffer).toBeDefined();
      // The access link stays with the buying tab and the e-mail.
      expect(offered.accessUrl).toBeUndefined();
      expect((await (await byKey(`/orders/${order.id}`, 'z'.repeat(32))).json()) as StatusReply).not.toHaveProperty('bankLink');
      expect((await byKey(`/orders/${order.id}/vinculo`, 'z'.repeat(32), {})).status).toBe(404);

      const saved = await byKey(`/orders/${order.id}/vinculo`, contactKey!, {});
      expect(saved.status).toBe(200);
      const link = [...rig.bank.links.values()].at(-1)!;
      const linked = await comeBackWithKey(rig, await rig.bank.decide(link.identificador, true));
      expect(linked).toEqual({ location: `/pedido/${order.public_ref}?vinculo=salvo`, contactKey });
      expect(await (await byKey(`/orders/${order.id}`, contactKey!)).json()).toMatchObject({ bankLink: 'linked' });
      const tapped = await byKey(`/orders/${order.id}/addon/biometria`, contactKey!, { offerVersion: offered.addonOffer!.version });
      expect(tapped.status).toBe(200);
    });

    it('the add-on refused at the bank is no dead end: any tab shows why, its PIX and the bank again; its PIX pays once and delivers it', async () => {
      const { order, viewKey } = await paidAtTheBank('Nara Prado');
      await saveLink(order.id, viewKey);
      const offered = await status(order.id, viewKey);
      expect((await call(`/${order.id}/addon/biometria`, viewKey, { offerVersion: offered.addonOffer!.version })).status).toBe(200);
      const refused = lastPayment();
      expect(refused.jsr).toBe(true);
      const { location, contactKey } = await comeBackWithKey(rig, await rig.bank.decide(refused.identificadorPagamento, false));
      expect(location).toBe(`/pedido/${order.public_ref}?banco=recusado&adicional=1`);
      const addon = await db.db.selectFrom('orders').selectAll().where('parent_order_id', '=', order.id).executeTakeFirstOrThrow();
      expect(addon.status).toBe('pending');
      // Its PIX stays open at Efí: the buyer may still pay it.
      expect(rig.efi.standIn.cob(addon.charge_id!)?.status).toBe('ATIVA');

      // The buying tab after a reload, and a new tab (or the e-mail's link) with only the order's key: the same.
      const inNewTab = async () => (await (await byKey(`/orders/${order.id}`, contactKey!)).json()) as StatusReply;
      for (const reply of [await status(order.id, viewKey), await inNewTab()]) {
        expect(reply).toMatchObject({
          status: 'paid',
          bankLink: 'linked',
          addonOrder: { orderId: addon.id, amountCents: 990, pix: { code: addon.pix_code }, bankRefused: true },
        });
        expect(reply.addonOrder!.pix.qrSvg).toContain('<svg');
        expect(reply.addonOffer).toBeUndefined();
      }
      // Shown to no one else.
      expect((await status(order.id, 'y'.repeat(40))).addonOrder).toBeUndefined();
      expect((await (await byKey(`/orders/${order.id}`, 'z'.repeat(32))).json()) as StatusReply).not.toHaveProperty('addonOrder');

      // Again at the bank, from the new tab: a new JSR payment of the same add-on order, under the vínculo.
      const again = await byKey(`/orders/${order.id}/addon/biometria`, contactKey!, {});
      expect(again.status).toBe(200);
      const retried = lastPayment();
      expect(retried.identificadorPagamento).not.toBe(refused.identificadorPagamento);
      expect(retried).toMatchObject({ jsr: true, body: { pagamento: { valor: '9.90', idProprio: addon.id } } });
      expect(((await again.json()) as { redirectUri: string }).redirectUri.startsWith(rig.bank.bankUrl)).toBe(true);
      expect(await db.db.selectFrom('orders').select('id').where('parent_order_id', '=', order.id).execute()).toEqual([{ id: addon.id }]);
      // While that one waits at the bank, the page no longer says it was refused; the PIX is still there.
      expect((await inNewTab()).addonOrder).toMatchObject({ orderId: addon.id });
      expect((await inNewTab()).addonOrder).not.toHaveProperty('bankRefused');

      // The buyer pays the add-on's PIX instead: the add-on is delivered, and nothing is left to pay.
      rig.efi.standIn.pay(addon.charge_id!);
      await rig.server.reconciler.runOnce();
      await drainOutbox(rig.server);
      expect((await orderRow(db, addon.id)).status).toBe('paid');
      expect(await entitledLists(db.db, order.id)).toEqual(['suppliers', 'recharge']);
      const after = await inNewTab();
      expect(after.addonOrder).toBeUndefined();
      expect(after.addonOffer).toBeUndefined();
      expect((await byKey(`/orders/${order.id}/addon/biometria`, contactKey!, {})).status).toBe(409);

      // Paid once: the JSR payment the buyer approves later goes back whole, and the add-on stays one sale.
      await atTheBank(rig, retried.identificadorPagamento, true);
      expect(returnsOf(retried.identificadorPagamento).map((request) => JSON.parse(request.rawBody) as unknown)).toEqual([
        { valor: '9.90' },
      ]);
      expect((await orderRow(db, addon.id)).status).toBe('paid');
      expect(returnsOf(refused.identificadorPagamento)).toEqual([]);
    });

    it("saving the vínculo and tapping again while the add-on's payment waits at the bank spend none of the checkout's hourly budget", async () => {
      const { order, viewKey } = await paidAtTheBank('Iara Reuso');
      // One buyer, one address: the checkout's 10 an hour are per address.
      const from = fetchFrom(newClientAddress());
      const post = (path: string, body: unknown) =>
        from(`${rig.server.url}/api/orders/${order.id}${path}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Order-Key': viewKey },
          body: JSON.stringify(body),
        });
      // "Salvar para pagar com biometria", tapped more than the hour's ten: the same vínculo waiting at the bank each time.
      const saves = [];
      for (let tap = 0; tap < 12; tap++) saves.push(await post('/vinculo', {}));
      expect(saves.map((reply) => reply.status)).toEqual(Array(12).fill(200));
      expect(
        new Set(await Promise.all(saves.map(async (reply) => ((await reply.json()) as { redirectUri: string }).redirectUri))).size,
      ).toBe(1);
      await atTheBank(rig, [...rig.bank.links.values()].at(-1)!.identificador, true);

      // The one tap: a new add-on order and its payment at the bank spend one; tapping again while it waits, nothing.
      const { addonOffer } = await status(order.id, viewKey);
      const jsrPayments = () => [...rig.bank.payments.values()].filter((held) => held.jsr).length;
      const before = jsrPayments();
      const taps = [];
      for (let tap = 0; tap < 12; tap++) taps.push(await post('/addon/biometria', { offerVersion: addonOffer!.version }));
      expect(taps.map((reply) => reply.status)).toEqual(Array(12).fill(200));
      expect(jsrPayments()).toBe(before + 1);
      // Nine of the hour's ten are left: after each refusal at the bank, a new payment there spends one, up to the tenth.
      for (let more = 0; more < 9; more++) {
        await atTheBank(rig, lastPayment().identificadorPagamento, false);
        expect((await post('/addon/biometria', {})).status).toBe(200);
      }
      await atTheBank(rig, lastPayment().identificadorPagamento, false);
      expect((await post('/addon/biometria', {})).status).toBe(429);
    });

    it('a vínculo refused at the bank is not saved: the order offers saving again, and the add-on has no one-tap', async () => {
      const { viewKey, order } = await paidAtTheBank('Davi Lacerda');
      const { location } = await saveLink(order.id, viewKey, false);
      expect(location).toBe(`/pedido/${order.public_ref}?vinculo=recusado`);
      expect(await status(order.id, viewKey)).toMatchObject({ bankLink: 'can_save' });
      expect((await call(`/${order.id}/addon/biometria`, viewKey, {})).status).toBe(409);
    });

    /**
     * Revoked at the bank, or its consent there ran out: either way Efí stops listing it. Its end (`dataExpiracao`) is
     * what Efí listed last, read as the order page reads the vínculo (`read`), before time passes it.
     */
    const endsAtTheBank = {
      revoked: async (link: HeldLink) => {
        link.status = 'revogado';
      },
      expired: async (link: HeldLink, read: () => Promise<unknown>) => {
        link.expiresAt = rig.now() + 5 * 60_000;
        await read();
        rig.advance(6 * 60_000);
      },
    };

    for (const [end, why] of [
      ['revoked', 'O seu banco informou que o vínculo com esta loja foi cancelado'],
      ['expired', 'O vínculo da sua conta com esta loja venceu no seu banco'],
    ] as const) {
      it(`a vínculo ${end} at the bank is read as such: the one tap says why, no JSR payment is made, and the add-on keeps its PIX`, async () => {
        const { viewKey, order } = await paidAtTheBank(`Ester ${end}`);
        const { link } = await saveLink(order.id, viewKey);
        const before = await status(order.id, viewKey);
        await endsAtTheBank[end](rig.bank.links.get(link.identificador)!, () => status(order.id, viewKey));
        const jsrPayments = [...rig.bank.payments.values()].filter((held) => held.jsr).length;

        const tapped = await call(`/${order.id}/addon/biometria`, viewKey, { offerVersion: before.addonOffer!.version });
        expect(tapped.status).toBe(409);
        const body = (await tapped.json()) as { error: string; linkEnded?: string };
        expect(body.error).toContain(why);
        expect(body.linkEnded).toBe(end);
        expect([...rig.bank.payments.values()].filter((held) => held.jsr)).toHaveLength(jsrPayments);
        expect((await linksOf(order.buyer_email)).map((row) => row.state)).toEqual([end]);
        // No longer "linked": the page offers saving again, and the add-on is bought by its PIX.
        expect(await status(order.id, viewKey)).toMatchObject({ bankLink: 'can_save' });
        const pix = await call(`/${order.id}/addon`, viewKey, { accept: true, offerVersion: before.addonOffer!.version });
        expect(pix.status).toBeLessThan(300);
        expect(((await pix.json()) as { pix?: { code: string } }).pix?.code).toBeTruthy();
        const { cookie } = await memberVisit(rig.server.url, db, order.id, rig.now());
        const member = await fetch(`${rig.server.url}/api/access/vinculo`, { headers: { cookie } });
        expect(await member.json()).toEqual({ bank: 'Banco Stand-in', ended: end });
      });
    }

    it('the member page reads the vínculo at Efí: one revoked at the bank shows as ended, never as linked', async () => {
      const { viewKey, order } = await paidAtTheBank('Hugo Revogado');
      const { link } = await saveLink(order.id, viewKey);
      const { cookie } = await memberVisit(rig.server.url, db, order.id, rig.now());
      const member = async () => (await fetch(`${rig.server.url}/api/access/vinculo`, { headers: { cookie } })).json();
      expect(await member()).toEqual({ bank: 'Banco Stand-in' });
      rig.bank.links.get(link.identificador)!.status = 'revogado';
      expect(await member()).toEqual({ bank: 'Banco Stand-in', ended: 'revoked' });
      expect(await status(order.id, viewKey)).toMatchObject({ bankLink: 'can_save' });
    });

    for (const end of ['revoked', 'expired'] as const) {
      it(`the order page reads the vínculo at Efí: one ${end} at the bank is no longer "linked", before any tap`, async () => {
        const { viewKey, order } = await paidAtTheBank(`Caio ${end}`);
        const { link } = await saveLink(order.id, viewKey);
        expect(await status(order.id, viewKey)).toMatchObject({ bankLink: 'linked' });
        await endsAtTheBank[end](rig.bank.links.get(link.identificador)!, () => status(order.id, viewKey));
        expect(await status(order.id, viewKey)).toMatchObject({ bankLink: 'can_save' });
        expect((await linksOf(order.buyer_email)).map((row) => row.state)).toEqual([end]);
        // The console's order says the same, in its own words.
        const admin = await signInToConsole(rig.server.url, OPEN_FINANCE_PASSWORD, rig.server.url);
        const detail = await consoleCall(rig.server.url, admin, `/orders/${order.id}`, undefined, { origin: rig.server.url });
        expect(((await detail.json()) as AdminOrderDetail).bankLink).toEqual({ bank: 'Banco Stand-in', state: end });
      });
    }

    it("the bank unnamed by Efí's list when the vínculo was made: the export names it from the vínculo, never by Efí's id", async () => {
      const { buyer, viewKey, order } = await paidAtTheBank('Bento Sem Nome');
      const saved = await call(`/${order.id}/vinculo`, viewKey, {});
      expect(saved.status).toBe(200);
      // Efí's bank list could not be read as the vínculo was made: no name kept then.
      await db.db.updateTable('open_finance_links').set({ bank_name: null }).where('order_id', '=', order.id).execute();
      const link = [...rig.bank.links.values()].at(-1)!;
      await atTheBank(rig, link.identificador, true);
      const copy = await exportBuyerData(db.db, buyer.email);
      expect(copy.bankLinks.map((entry) => entry.bank)).toEqual(['Banco Stand-in']);
      // A vínculo Efí never named: a Portuguese placeholder, not the participant's id.
      await db.db.updateTable('open_finance_links').set({ bank_name: null }).where('order_id', '=', order.id).execute();
      const unnamed = JSON.stringify(await exportBuyerData(db.db, buyer.email));
      expect(unnamed).toContain('banco não informado pela Efí');
      expect(unnamed).not.toContain(BANK);
    });

    it('the vínculo unreadable at Efí is "not confirmed", never "linked": the one tap says why and the add-on is paid by its PIX; only Efí\'s answer ends it', async () => {
      const { viewKey, order } = await paidAtTheBank('Lara Instável');
      await saveLink(order.id, viewKey);
      const before = await status(order.id, viewKey);
      const unreadable = () => rig.bank.script('GET', '/pagamentos-biometria/vinculos', { kind: 'status', status: 503 });
      unreadable();
      expect(await status(order.id, viewKey)).toMatchObject({ bankLink: 'unconfirmed' });
      unreadable();
      const tapped = await call(`/${order.id}/addon/biometria`, viewKey, { offerVersion: before.addonOffer!.version });
      expect(tapped.status).toBe(409);
      expect(await tapped.json()).toEqual({
        error:
          'Não conseguimos confirmar agora com o seu banco que o vínculo com esta loja continua ativo, então não dá para pagar com biometria. Pague o adicional com o código PIX abaixo.',
        linkEnded: 'unconfirmed',
      });
      unreadable();
      const { cookie } = await memberVisit(rig.server.url, db, order.id, rig.now());
      const member = await fetch(`${rig.server.url}/api/access/vinculo`, { headers: { cookie } });
      expect(await member.json()).toEqual({ bank: 'Banco Stand-in', state: 'unconfirmed' });
      // Kept: once Efí answers, it is linked again.
      expect((await linksOf(order.buyer_email)).map((row) => row.state)).toEqual(['active']);
      expect(await status(order.id, viewKey)).toMatchObject({ bankLink: 'linked' });
    });

    it('a vínculo started but not yet approved at the bank shows on the member page as waiting for the approval', async () => {
      const { viewKey, order } = await paidAtTheBank('Rui Pendente');
      expect((await call(`/${order.id}/vinculo`, viewKey, {})).status).toBe(200);
      const { cookie } = await memberVisit(rig.server.url, db, order.id, rig.now());
      const member = await fetch(`${rig.server.url}/api/access/vinculo`, { headers: { cookie } });
      expect(await member.json()).toEqual({ bank: 'Banco Stand-in', state: 'pending' });
    });

    it('paid at a bank Efí does not list for biometria: no "Salvar para pagar com biometria", and saving is refused', async () => {
      const placed = await placeOpenFinanceOrder(rig, db, 'Otto Brandão');
      const notBiometric = STAND_IN_PARTICIPANTS.find((bank) => !STAND_IN_BIOMETRIC_PARTICIPANTS.has(bank.identificador))!;
      expect((await startBankPayment(rig, placed.order.id, placed.viewKey, notBiometric.identificador)).status).toBe(200);
      await atTheBank(rig, lastPayment().identificadorPagamento, true);
      expect((await orderRow(db, placed.order.id)).status).toBe('paid');
      expect((await status(placed.order.id, placed.viewKey)).bankLink).toBeUndefined();
      expect((await call(`/${placed.order.id}/vinculo`, placed.viewKey, {})).status).toBe(409);
    });

    it('an order paid by the PIX code offers no vínculo', async () => {
      const { viewKey, order } = await placeOpenFinanceOrder(rig, db, 'Paulo Sena');
      rig.efi.standIn.pay(order.charge_id!);
      await rig.server.reconciler.runOnce();
      await drainOutbox(rig.server);
      expect((await orderRow(db, order.id)).status).toBe('paid');
      expect((await status(order.id, viewKey)).bankLink).toBeUndefined();
      expect((await call(`/${order.id}/vinculo`, viewKey, {})).status).toBe(409);
    });

    it('removed from the member page: revoked at Efí, its id gone, and the add-on back to its PIX', async () => {
      const { buyer, viewKey, order } = await paidAtTheBank('Clara Viana');
      const { link } = await saveLink(order.id, viewKey);
      const { cookie } = await memberVisit(rig.server.url, db, order.id, rig.now());
      const member = (path: string, method = 'GET') =>
        fetch(`${rig.server.url}/api/access/vinculo${path}`, { method, headers: { cookie } });
      expect(await (await member('')).json()).toEqual({ bank: 'Banco Stand-in' });
      expect((await fetch(`${rig.server.url}/api/access/vinculo`)).status).toBe(401);

      // Efí does not answer at first: the vínculo is kept, and the buyer is told to try again.
      rig.bank.script('PATCH', '/pagamentos-biometria/vinculos', { kind: 'status', status: 503 });
      expect((await member('/remover', 'POST')).status).toBe(502);
      expect(await linksOf(buyer.email)).toHaveLength(1);

      expect(await (await member('/remover', 'POST')).json()).toEqual({ bank: null });
      expect(rig.bank.links.get(link.identificador)?.status).toBe('revogado');
      expect(await linksOf(buyer.email)).toEqual([]);
      expect(await (await member('')).json()).toEqual({ bank: null });
      expect(await status(order.id, viewKey)).toMatchObject({ bankLink: 'can_save' });
      expect((await call(`/${order.id}/addon/biometria`, viewKey, {})).status).toBe(409);
    });

    it("the member page still shows the vínculo when Efí's bank list cannot be read, and the log says so without the buyer", async () => {
      const { buyer, viewKey, order } = await paidAtTheBank('Irene Falcão');
      await saveLink(order.id, viewKey);
      const { cookie } = await memberVisit(rig.server.url, db, order.id, rig.now());
      // The shop's copy of the list is an hour old, and Efí does not answer the next read.
      rig.advance(61 * 60_000);
      rig.bank.script('GET', '/participantes', { kind: 'status', status: 503 });
      const logged = rig.server.logLines.length;
      const reply = await fetch(`${rig.server.url}/api/access/vinculo`, { headers: { cookie } });
      expect(reply.status).toBe(200);
      expect(await reply.json()).toEqual({ bank: 'seu banco' });
      const lines = rig.server.logLines.slice(logged).filter(({ line }) => line.includes('Open Finance banks not read'));
      expect(lines.map(({ level }) => level)).toEqual(['warn']);
      for (const personal of [buyer.email, buyer.name, buyer.document, order.id]) expect(lines[0]!.line).not.toContain(personal);
      // Efí back: the bank's own name again.
      const again = await fetch(`${rig.server.url}/api/access/vinculo`, { headers: { cookie } });
      expect(await again.json()).toEqual({ bank: 'Banco Stand-in' });
    });

    it("erased with the buyer's data: revoked at Efí and no trace of its id", async () => {
      const { buyer, viewKey, order } = await paidAtTheBank('Teresa Amaral');
      const { link } = await saveLink(order.id, viewKey);
      expect(await linksOf(buyer.email)).toHaveLength(1);
      const admin = await signInToConsole(rig.server.url, OPEN_FINANCE_PASSWORD, rig.server.url);
      // The buyer's copy of their data names the bank kept for biometrics, never the vínculo's id nor the bank's at Efí.
      const copy = await consoleCall(rig.server.url, admin, '/buyer/export', { email: buyer.email }, { origin: rig.server.url });
      expect(copy.status).toBe(200);
      const copyText = await copy.text();
      expect((JSON.parse(copyText) as { bankLinks: unknown[] }).bankLinks).toEqual([
        { bank: 'Banco Stand-in', state: 'active', createdAt: expect.any(String), activeAt: expect.any(String) },
      ]);
      expect(copyText).not.toContain(link.identificador);
      expect(copyText).not.toContain(link.idParticipante);
      const erased = await consoleCall(
        rig.server.url,
        admin,
        '/buyer/delete',
        { email: buyer.email, confirmation: buyer.email },
        { origin: rig.server.url },
      );
      expect(erased.status).toBe(200);
      expect(rig.bank.links.get(link.identificador)?.status).toBe('revogado');
      const anyRow = await db.db.selectFrom('open_finance_links').select('link_id').where('link_id', '=', link.identificador).execute();
      expect(anyRow).toEqual([]);
    });
  });
}
