import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { AdminHealth } from '../../../src/shared/admin.ts';
import type { AdminInviteReply } from '../../../src/shared/admin-users.ts';
import type { PushSettings } from '../../../src/shared/push.ts';
import { pushMessages } from '../../../src/content/notifications.ts';
import { readFailed, readSucceeded } from '../../../src/server/background-reads/background-reads.ts';
import { queueDueReminders } from '../../../src/server/disputes/dispute-alerts.ts';
import { setGatewayState } from '../../../src/server/refunds/refunds-repository.ts';
import { signInToConsole } from '../../support/clients.ts';
import { askRefund, buyAndPay, consoleCall, memberCookie } from '../../support/purchase.ts';
import { startPushService, type BrowserSubscription, type PushServiceStandIn } from '../../support/stand-ins/push-service.ts';
import { openSameDatabase, startTestServer, useTestServer } from '../../support/test-server.ts';
import { databases } from '../test-db.ts';

/**
 * The seller's phone rings (docs/notifications.md), on SQLite and PostgreSQL, against a push service written from
 * RFC 8030/8291/8292 (tests/support/stand-ins/push-service.ts) that checks each VAPID JWT and decrypts each payload
 * as a browser would: each kind rings the people whose role may see it and who did not mute it, and no one else; a
 * gone device is removed; a throttled push is sent again; two instances ring once.
 */
const PASSWORD = 'senha-do-painel-push-123';
// 12:00 in Brasília: outside the default quiet hours.
const T0 = Date.UTC(2026, 10, 3, 15, 0, 0);

for (const database of databases) {
  describe(`push notifications on ${database.name}`, () => {
    const rig = useTestServer(database, { ADMIN_PASSWORD: PASSWORD, ADMIN_NAME: 'Ana Dona' }, { smtp: true, clock: T0 });
    const url = () => rig.server.url;
    let push: PushServiceStandIn;
    const people: Record<'owner' | 'orders' | 'page', { cookie: string; device: BrowserSubscription }> = {} as never;

    async function call<T>(cookie: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
      const reply = await consoleCall(url(), cookie, path, body);
      return { status: reply.status, body: (await reply.json()) as T };
    }

    async function inviteAs(owner: string, email: string, permissions: string[]) {
      const sent = (await call<AdminInviteReply>(owner, '/users/invite', { email, permissions })).body;
      const accepted = await fetch(`${url()}/api/admin/invite/accept`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: url() },
        body: JSON.stringify({
          token: new URL(sent.link).hash.replace('#convite=', ''),
          name: email.split('@')[0],
          password: 'uma-senha-bem-longa-1',
        }),
      });
      return accepted.headers.get('Set-Cookie')!.split(';')[0]!;
    }

    async function subscribe(cookie: string, device = 'Pixel 8') {
      const subscription = push.subscribe();
      const reply = await call<PushSettings>(cookie, '/notifications/devices', { subscription: subscription.json, device });
      expect(reply.status).toBe(200);
      return subscription;
    }

    /** The outbox's runs until nothing is left: the event's row, then one row per device. */
    async function deliver() {
      await rig.server.outbox.runOnce();
      await rig.server.outbox.runOnce();
    }

    beforeAll(async () => {
      push = await startPushService();
      const owner = await signInToConsole(url(), PASSWORD);
      const orders = await inviteAs(owner, 'pedidos@example.com', ['orders']);
      const page = await inviteAs(owner, 'pagina@example.com', ['page']);
      people.owner = { cookie: owner, device: await subscribe(owner) };
      people.orders = { cookie: orders, device: await subscribe(orders, 'iPhone') };
      people.page = { cookie: page, device: await subscribe(page) };
    });
    afterAll(() => push.stop());

    it('a paid sale rings the owner and the orders user, signed and encrypted, and not the page editor; the next one groups', async () => {
      const { orderId } = await buyAndPay(rig);
      await deliver();
      const [owner] = push.delivered(people.owner.device.id);
      expect(owner).toMatchObject({
        title: expect.stringMatching(/^Venda aprovada! R\$\s\d+,\d\d$/),
        url: `/painel#pedidos/${orderId}`,
        silent: false,
      });
      expect(push.delivered(people.orders.device.id)).toEqual([owner]);
      expect(push.delivered(people.page.device.id)).toEqual([]);
      expect(push.arrivals.every((arrival) => arrival.problem === null && arrival.ttl > 0)).toBe(true);
      // No buyer's data in what the push service carried.
      expect(JSON.stringify(owner)).not.toMatch(/@|example/);

      await buyAndPay(rig);
      await deliver();
      const second = push.delivered(people.owner.device.id)[1]!;
      expect(second.title).toMatch(/^2 vendas hoje · R\$\s/);
      expect(second.tag).toBe(owner!.tag);
      expect(push.delivered(people.orders.device.id)).toHaveLength(2);
    });

    it('a person who muted sales gets none, and a dispute still rings them with its deadline and target', async () => {
      const muted = { muted: ['sale'], quietStart: 22, quietEnd: 7 };
      expect((await call<PushSettings>(people.orders.cookie, '/notifications/preferences', muted)).body.preferences.muted).toEqual([
        'sale',
      ]);
      const before = push.delivered(people.orders.device.id).length;
      const { order } = await buyAndPay(rig);
      await deliver();
      expect(push.delivered(people.orders.device.id)).toHaveLength(before);
      expect(push.delivered(people.owner.device.id).length).toBeGreaterThan(before);

      const dispute = await call<{ id: string }>(people.owner.cookie, '/disputes', { query: order.public_ref, defenceDueOn: '2026-11-05' });
      expect(dispute.status).toBe(201);
      await deliver();
      const rung = push.delivered(people.orders.device.id).at(-1)!;
      expect(rung).toMatchObject({
        title: expect.stringMatching(/^Contestação aberta · R\$/),
        url: `/painel#contestacoes/${dispute.body.id}`,
      });
      expect(rung.body).toContain(order.public_ref);
      expect(push.delivered(people.page.device.id)).toEqual([]);
    });

    it('a throttled push (429) is sent again after the backoff, once; Saúde shows the last sent and the failure', async () => {
      push.answer(people.owner.device.id, 429);
      const count = push.delivered(people.owner.device.id).length;
      await buyAndPay(rig);
      await deliver();
      expect(push.delivered(people.owner.device.id)).toHaveLength(count);
      rig.clock.now += 31_000;
      await deliver();
      await deliver();
      expect(push.delivered(people.owner.device.id)).toHaveLength(count + 1);
      const health = (await call<AdminHealth>(people.owner.cookie, '/health')).body.push!;
      expect(health).toMatchObject({ devices: 3, lastSentAt: rig.clock.now, lastFailure: 'push service answered 429' });
    });

    it('a device the push service says is gone (410) is removed with a log line', async () => {
      const spare = await subscribe(people.owner.cookie, 'Tablet');
      push.answer(spare.id, 410);
      await buyAndPay(rig);
      await deliver();
      const devices = (await call<PushSettings>(people.owner.cookie, '/notifications')).body.devices.map((device) => device.device);
      expect(devices).toEqual(['Pixel 8']);
      expect(rig.server.logLines.some(({ line }) => line.includes('push: device gone, removed'))).toBe(true);
    });

    it('a sale on two instances of one database rings each device once', async () => {
      const second = openSameDatabase(rig.db);
      const other = await startTestServer(second, rig.env, { now: () => rig.clock.now });
      try {
        const before = push.delivered(people.owner.device.id).length;
        await buyAndPay(rig);
        await Promise.all([rig.server.outbox.runOnce(), other.outbox.runOnce(), rig.server.outbox.runOnce(), other.outbox.runOnce()]);
        await Promise.all([rig.server.outbox.runOnce(), other.outbox.runOnce()]);
        expect(push.delivered(people.owner.device.id)).toHaveLength(before + 1);
      } finally {
        await other.stopJobs();
        await other.stop();
        await second.close();
      }
    });

    it("a buyer's refund request rings those who may refund, and not the orders user who may not", async () => {
      const { orderId, order } = await buyAndPay(rig);
      await deliver();
      const ordersBefore = push.delivered(people.orders.device.id).length;
      const cookie = await memberCookie(url(), rig.db, orderId, rig.clock.now);
      expect((await askRefund(url(), cookie)).status).toBe(200);
      await deliver();
      expect(push.delivered(people.owner.device.id).at(-1)).toMatchObject({
        title: expect.stringMatching(/^Reembolso pedido · R\$\s19,90$/),
        body: `Pedido ${order.public_ref}: aprove ou recuse no painel.`,
        url: `/painel#pedidos/${orderId}`,
      });
      expect(push.delivered(people.orders.device.id)).toHaveLength(ordersBefore);
    });

    it('an automatic refund the provider refused rings those who may refund again, with its order, and not the orders user', async () => {
      const { orderId, order } = await buyAndPay(rig);
      await deliver();
      const ordersBefore = push.delivered(people.orders.device.id).length;
      const cookie = await memberCookie(url(), rig.db, orderId, rig.clock.now);
      expect((await askRefund(url(), cookie)).status).toBe(200);
      await deliver();
      // Approved and on its way to the provider, as REFUND_MODE=auto leaves it; the provider's refusal comes back.
      await rig.db.db.updateTable('refunds').set({ status: 'approved' }).where('order_id', '=', orderId).execute();
      await setGatewayState(rig.db.db, orderId, 'failed', 'HTTP 422 saldo insuficiente', rig.clock.now);
      await deliver();
      expect(push.delivered(people.owner.device.id).at(-1)).toMatchObject({
        title: pushMessages.refundFailed,
        body: pushMessages.refundFailedBody(order.public_ref),
        url: `/painel#pedidos/${orderId}`,
      });
      expect(push.delivered(people.orders.device.id)).toHaveLength(ordersBefore);
    });

    it('in quiet hours a sale arrives silent and a dispute near its deadline still rings; a provider down and back tells the owner alone', async () => {
      // 02:00 in Brasília on the dispute's last day: inside the default quiet hours, within 24 h of its deadline. The
      // console's sessions would idle out by then: the clock goes back after.
      const before = rig.clock.now;
      rig.clock.now = Date.UTC(2026, 10, 5, 5, 0, 0);
      onTestFinished(() => {
        rig.clock.now = before;
      });
      await buyAndPay(rig);
      await deliver();
      expect(push.delivered(people.owner.device.id).at(-1)).toMatchObject({ silent: true });
      await queueDueReminders(rig.db.db, rig.clock.now);
      await deliver();
      expect(push.delivered(people.orders.device.id).at(-1)).toMatchObject({
        title: 'Contestação: faltam 24 horas para a defesa',
        silent: false,
      });
      expect(push.arrivals.at(-1)!.urgency).toBe('high');

      const ordersBefore = push.delivered(people.orders.device.id).length;
      const failure = { said: 'A TriboPay respondeu HTTP 503.', throttle: null };
      await readFailed({ db: rig.db.db }, 'tribopay', 'charges', rig.clock.now, failure);
      rig.clock.now += 61 * 60_000;
      await readFailed({ db: rig.db.db }, 'tribopay', 'charges', rig.clock.now, failure);
      await deliver();
      expect(push.delivered(people.owner.device.id).at(-1)).toMatchObject({
        title: 'Provedor com problema: TriboPay',
        url: '/painel#saude',
      });
      rig.clock.now += 60_000;
      await readSucceeded(rig.db.db, 'tribopay', 'charges', rig.clock.now);
      await deliver();
      expect(push.delivered(people.owner.device.id).at(-1)).toMatchObject({ title: 'TriboPay voltou' });
      expect(push.delivered(people.orders.device.id)).toHaveLength(ordersBefore);
    });

    it("a dispute's 6-hour reminder and its outcome ring the owner and the orders user, not the page editor, with the dispute as target", async () => {
      const listed = await call<{ disputes: Array<{ id: string; state: string; defenceDueAt: number | null }> }>(
        people.owner.cookie,
        '/disputes',
      );
      const dispute = listed.body.disputes.find(
        (each) => each.defenceDueAt !== null && !['won', 'lost', 'cancelled'].includes(each.state),
      )!;
      const before = rig.clock.now;
      onTestFinished(() => {
        rig.clock.now = before;
      });
      const pageBefore = push.delivered(people.page.device.id).length;
      rig.clock.now = dispute.defenceDueAt! - 5 * 60 * 60_000;
      await queueDueReminders(rig.db.db, rig.clock.now);
      await deliver();
      const target = `/painel#contestacoes/${dispute.id}`;
      for (const who of [people.owner, people.orders])
        expect(push.delivered(who.device.id).at(-1)).toMatchObject({ title: 'Contestação: faltam 6 horas para a defesa', url: target });
      // Back to the console's own time (its sessions would have idled out): the seller records it won.
      rig.clock.now = before;
      expect((await call(people.owner.cookie, `/disputes/${dispute.id}/resolve`, { state: 'won' })).status).toBe(200);
      await deliver();
      for (const who of [people.owner, people.orders])
        expect(push.delivered(who.device.id).at(-1)).toMatchObject({ title: 'Contestação ganha', url: target });
      expect(push.delivered(people.page.device.id)).toHaveLength(pageBefore);
    });

    it('"Sair" on a device forgets that device at once, and only its own person may name it', async () => {
      const laptop = await subscribe(people.owner.cookie, 'Notebook');
      const names = async () =>
        (await call<PushSettings>(people.owner.cookie, '/notifications')).body.devices.map((device) => device.device);
      const forget = (cookie: string) => call<PushSettings>(cookie, '/notifications/devices/forget', { endpoint: laptop.json.endpoint });
      // Another person naming the owner's device gets the same answer and changes nothing.
      expect((await forget(people.page.cookie)).status).toBe(200);
      expect(await names()).toEqual(['Pixel 8', 'Notebook']);
      expect((await forget(people.owner.cookie)).status).toBe(200);
      expect(await names()).toEqual(['Pixel 8']);
      const before = push.delivered(people.owner.device.id).length;
      await buyAndPay(rig);
      await deliver();
      expect(push.delivered(people.owner.device.id)).toHaveLength(before + 1);
      expect(push.arrivals.filter((arrival) => arrival.device === laptop.id)).toEqual([]);
    });

    it("a person sees only their own devices; a revoked user's devices go, and ending every session silences all", async () => {
      const own = (await call<PushSettings>(people.page.cookie, '/notifications')).body;
      expect(own.kinds).toEqual(['experiment']);
      expect(own.devices).toHaveLength(1);
      expect((await call(people.page.cookie, `/notifications/devices/${own.devices[0]!.id}/remove`, {})).status).toBe(200);
      const users = (await call<{ users: Array<{ id: string; email: string }> }>(people.owner.cookie, '/users')).body.users;
      await call(people.owner.cookie, `/users/${users.find((user) => user.email === 'pedidos@example.com')!.id}/revoke`, {});
      const rows = () => rig.db.db.selectFrom('push_subscriptions').select('device').execute();
      expect((await rows()).map((row) => row.device)).toEqual(['Pixel 8']);
      await call(people.owner.cookie, '/sessions/end-all', {});
      expect(await rows()).toEqual([]);
    });
  });
}
