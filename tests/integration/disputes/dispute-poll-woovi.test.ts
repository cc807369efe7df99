import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminHealth } from '../../../src/shared/admin.ts';
import type { AdminDisputeList, DisputePollReply } from '../../../src/shared/disputes.ts';
import { signInToConsole } from '../../support/clients.ts';
import { orderRow } from '../../support/db-reads.ts';
import { checkout, providersEnv } from '../../support/provider-rig.ts';
import { consoleCall } from '../../support/purchase.ts';
import { wooviRig } from '../../support/providers/woovi/woovi-rig.ts';
import type { WooviStandIn } from '../../support/providers/woovi/woovi-stand-in.ts';
import { useTestServer } from '../../support/test-server.ts';
import { databases } from '../test-db.ts';
import { LIST_PAGE_SIZE, MAX_LIST_PAGES } from '../../../src/server/gateway/providers/woovi/woovi-disputes.ts';

/**
 * Woovi's disputes are also polled (docs/disputes.md#knowing): a MED whose webhook never came is found by the list within
 * DISPUTES_POLL_SECONDS, a dispute seen both ways is one, and a list Woovi refuses shouts in Saúde with its fix. The real
 * server and its scheduled jobs against Woovi's stand-in, on SQLite and PostgreSQL.
 *
 * Sources (Woovi's public documentation, github.com/Open-Pix/openpix-developers at 76584f0, published at
 * developers.woovi.com): `src/swaggers/woovi.yml` `GET /api/v1/dispute` ("Get a list of disputes", scope DISPUTE_GET_LIST,
 * `start`/`end`, `{ disputes, pageInfo }`, the `Dispute` schema with `endToEndId`, `value`, `status`) and its security
 * `AppID` in `Authorization`; `docs/transaction/transaction-how-to-paginate-api.md` (`skip`); the 403 for a scope the
 * application lacks, `{ "error": "Application does not have required scope: …" }`,
 * `docs/account-limits/api-getting-started.mdx`; the dispute webhooks, `docs/webhook/examples/dispute-*.mdx`. The full list
 * of what the stand-in follows is in tests/integration/gateway/provider-disputes.test.ts.
 */
const PASSWORD = 'senha-do-painel-med-woovi';
/** The smallest the setting takes (env-schema.ts), so the scheduled poll is waited for in real time. */
const POLL_SECONDS = 10;
const DAY = 24 * 60 * 60_000;

for (const database of databases) {
  describe(`Woovi's dispute list, polled, on ${database.name}`, () => {
    let rig: Awaited<ReturnType<typeof wooviRig>>;
    let woovi: WooviStandIn;
    beforeAll(async () => {
      rig = await wooviRig();
      woovi = rig.standIn;
    });
    afterAll(() => rig?.stop());
    const running = useTestServer(
      database,
      () => providersEnv(['woovi'], rig.env, { ADMIN_PASSWORD: PASSWORD, DISPUTES_POLL_SECONDS: String(POLL_SECONDS) }),
      { ownPublicUrl: true },
    );

    const url = () => running.server.url;
    async function seller() {
      const cookie = await signInToConsole(url(), PASSWORD);
      const get = async <T>(path: string) => (await (await consoleCall(url(), cookie, path)).json()) as T;
      return {
        disputesOf: async (orderId: string) =>
          (await get<AdminDisputeList>('/disputes')).disputes.filter((dispute) => dispute.orderId === orderId),
        /** Saúde's "Verificar contestações agora". */
        pollNow: async () => (await (await consoleCall(url(), cookie, '/disputes/poll', {})).json()) as DisputePollReply,
        /** Saúde's line "Leitura das contestações (MED)". */
        health: async () => (await get<AdminHealth>('/health')).checks.find((check) => check.key === 'disputes'),
      };
    }

    /** A buyer paid; Woovi's CHARGE_COMPLETED reached the shop, whose read-back kept the payment's end-to-end id. */
    async function paidOrder() {
      woovi.webhookUrl = `${url()}/api/webhooks/woovi`;
      const created = await checkout(url());
      expect(created.status).toBe(201);
      const orderId = created.body.orderId!;
      const chargeId = (await orderRow(running.db, orderId)).charge_id!;
      await woovi.pay(chargeId);
      await running.server.background.idle();
      expect(await orderRow(running.db, orderId)).toMatchObject({ status: 'paid' });
      return { orderId, chargeId, endToEndId: woovi.charges.get(chargeId)!.endToEndId! };
    }

    const listCalls = () => woovi.requests.filter((request) => request.method === 'GET' && request.path === '/api/v1/dispute');

    it('a list Woovi refuses shouts: the missing scope (403) and the refused AppID (401), each with its fix, until it reads', async () => {
      const { pollNow, health } = await seller();

      woovi.scriptNext('disputes', {
        kind: 'status',
        status: 403,
        body: { error: 'Application does not have required scope: DISPUTE_GET_LIST' },
      });
      const refused = await pollNow();
      expect(refused).toMatchObject({ ok: false, providers: [{ provider: 'woovi', ok: false }] });
      expect(refused.providers[0]!.message).toContain('Woovi: não foi possível ler as contestações');
      expect(refused.providers[0]!.message).toContain('não tem o escopo DISPUTE_GET_LIST');
      expect(refused.providers[0]!.message).toContain('API/Plugins no painel da Woovi');
      const failing = await health();
      expect(failing).toMatchObject({ ok: false, fix: expect.stringContaining('Verificar contestações agora') });
      expect(failing!.detail).toContain('falhando desde');
      expect(failing!.detail).toContain('DISPUTE_GET_LIST');

      woovi.scriptNext('disputes', { kind: 'status', status: 401, body: { error: 'AppID inválido' } });
      const appId = await pollNow();
      expect(appId.ok).toBe(false);
      expect(appId.providers[0]!.message).toContain('A Woovi recusou o AppID (WOOVI_APP_ID)');
      expect((await health())!.detail).toContain('WOOVI_APP_ID');

      // Fixed in Woovi's panel: the next read clears it.
      const fixed = await pollNow();
      expect(fixed).toMatchObject({ ok: true, providers: [{ provider: 'woovi', ok: true }] });
      expect(fixed.providers[0]!.message).toContain('Woovi: lista lida');
      expect(await health()).toMatchObject({ ok: true, detail: expect.stringContaining('Woovi: lida em') });
    });

    it('a dispute seen by its webhook and then by the list is one dispute; its end, seen only by the list, closes it', async () => {
      const { pollNow, disputesOf } = await seller();
      const order = await paidOrder();
      await woovi.dispute(order.chargeId);
      expect(woovi.deliveries.at(-1)).toMatchObject({ event: 'OPENPIX:DISPUTE_CREATED', status: 200 });
      await running.server.background.idle();
      const open = { orderId: order.orderId, provider: 'woovi', source: 'provider', providerDisputeId: order.endToEndId };
      expect(await disputesOf(order.orderId)).toEqual([expect.objectContaining({ ...open, state: 'open', amountCents: 1990 })]);

      const polled = await pollNow();
      expect(polled.ok).toBe(true);
      expect(await disputesOf(order.orderId)).toEqual([expect.objectContaining({ ...open, state: 'open' })]);

      // Woovi decided for the seller, and that webhook was lost: the list tells it.
      woovi.webhookUrl = null;
      await woovi.endDispute(order.chargeId, 'REJECTED');
      await pollNow();
      expect(await disputesOf(order.orderId)).toEqual([expect.objectContaining({ ...open, state: 'won' })]);
      expect(await orderRow(running.db, order.orderId)).toMatchObject({ status: 'paid' });
    });

    it('a dispute on a payment the shop never saw paid (its webhook lost too) is tied to its order through the payment’s charge', async () => {
      const { pollNow, disputesOf } = await seller();
      woovi.webhookUrl = null;
      const created = await checkout(url());
      expect(created.status).toBe(201);
      const orderId = created.body.orderId!;
      const chargeId = (await orderRow(running.db, orderId)).charge_id!;
      await woovi.pay(chargeId);
      expect(await orderRow(running.db, orderId)).toMatchObject({ status: 'pending', end_to_end_id: null });
      await woovi.dispute(chargeId);
      const endToEndId = woovi.charges.get(chargeId)!.endToEndId!;

      expect((await pollNow()).ok).toBe(true);
      expect(await disputesOf(orderId)).toEqual([
        expect.objectContaining({ orderId, provider: 'woovi', providerDisputeId: endToEndId, state: 'open', amountCents: 1990 }),
      ]);
      // The list names only the payment: its transaction named the charge.
      expect(woovi.requests.some((request) => request.method === 'GET' && request.path === `/api/v1/transaction/${endToEndId}`)).toBe(true);
    });

    it('a list longer than one poll reads is paged on at the next poll, up to the MED’s 80 days: the one dispute of this shop, oldest, on the last page, is found', async () => {
      const { pollNow, disputesOf } = await seller();
      const order = await paidOrder();
      // The buyer contested 50 days ago (inside the MED's 80 days) and that webhook was lost.
      woovi.webhookUrl = null;
      await woovi.dispute(order.chargeId);
      const contested = woovi.charges.get(order.chargeId)!;
      const long = new Date(Date.now() - 50 * DAY).toISOString();
      contested.dispute = { ...contested.dispute!, createdAt: long, updatedAt: long };
      // Disputes on other payments of the account since then, newer, so listed first: more than one poll's 10 pages of 100.
      const others = MAX_LIST_PAGES * LIST_PAGE_SIZE + 30;
      for (let index = 0; index < others; index++) {
        const at = new Date(Date.now() - (index + 1) * 60_000).toISOString();
        woovi.charges.set(`outro-${index}`, {
          ...contested,
          correlationID: `outro-${index}`,
          endToEndId: `E0000000020261101${String(index).padStart(15, '0')}`,
          dispute: { ...contested.dispute, id: `outra-${index}`, createdAt: at, updatedAt: at },
        });
      }
      const before = listCalls().length;

      const first = await pollNow();
      expect(first.ok).toBe(true);
      expect(first.providers[0]!.message).toContain('o restante é lido nas próximas verificações');
      const firstPages = listCalls().slice(before);
      // Bounded: 10 requests of 100, the range reaching back 80 days.
      expect(firstPages).toHaveLength(MAX_LIST_PAGES);
      expect(firstPages.map((request) => request.query.limit)).toEqual(Array(MAX_LIST_PAGES).fill('100'));
      expect(Date.parse(firstPages[0]!.query.start!)).toBeLessThanOrEqual(Date.now() - 80 * DAY + 60_000);
      expect(await disputesOf(order.orderId)).toEqual([]);

      const second = await pollNow();
      expect(second.ok).toBe(true);
      expect(second.providers[0]!.message).not.toContain('o restante');
      const secondPages = listCalls().slice(before + MAX_LIST_PAGES);
      // On from where the first stopped, in the same range.
      expect(secondPages.map((request) => request.query.skip)).toEqual([String(MAX_LIST_PAGES * LIST_PAGE_SIZE)]);
      expect(secondPages[0]!.query).toMatchObject({ start: firstPages[0]!.query.start, end: firstPages[0]!.query.end });
      expect(await disputesOf(order.orderId)).toEqual([
        expect.objectContaining({ provider: 'woovi', providerDisputeId: order.endToEndId, state: 'open', amountCents: 1990 }),
      ]);

      // The list read to its end, the next poll starts a new range from its first page.
      await pollNow();
      expect(listCalls()[before + MAX_LIST_PAGES + 1]!.query.skip).toBeUndefined();
    }, 120_000);

    it(
      'a dispute whose webhook never came is found by the scheduled poll within DISPUTES_POLL_SECONDS, and its late webhook adds nothing',
      async () => {
        const { disputesOf } = await seller();
        running.server.startJobs();
        const order = await paidOrder();
        woovi.webhookUrl = null;
        const deliveries = woovi.deliveries.length;
        await woovi.dispute(order.chargeId);
        const opened = Date.now();
        const listedBefore = listCalls().length;
        expect(woovi.deliveries).toHaveLength(deliveries);

        let found = await disputesOf(order.orderId);
        while (found.length === 0 && Date.now() - opened < (POLL_SECONDS + 5) * 1000) {
          await new Promise((resolve) => setTimeout(resolve, 200));
          found = await disputesOf(order.orderId);
        }
        expect(Date.now() - opened).toBeLessThanOrEqual((POLL_SECONDS + 2) * 1000);
        expect(found).toEqual([
          expect.objectContaining({
            orderId: order.orderId,
            provider: 'woovi',
            source: 'provider',
            providerDisputeId: order.endToEndId,
            state: 'open',
            amountCents: 1990,
          }),
        ]);
        // The scheduled job read the list; nobody pressed a button.
        expect(listCalls().length).toBeGreaterThan(listedBefore);

        // The webhook Woovi retries later: the same dispute, not a second one.
        woovi.webhookUrl = `${url()}/api/webhooks/woovi`;
        await woovi.endDispute(order.chargeId, 'ACCEPTED');
        expect(woovi.deliveries.at(-1)).toMatchObject({ event: 'OPENPIX:DISPUTE_ACCEPTED', status: 200 });
        await running.server.background.idle();
        expect(await disputesOf(order.orderId)).toEqual([expect.objectContaining({ providerDisputeId: order.endToEndId, state: 'lost' })]);
      },
      (POLL_SECONDS + 20) * 1000,
    );
  });
}
