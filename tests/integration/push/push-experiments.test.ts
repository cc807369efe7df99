import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushMessages } from '../../../src/content/notifications.ts';
import type { AdminInviteReply } from '../../../src/shared/admin-users.ts';
import type { PushSettings } from '../../../src/shared/push.ts';
import { announceVerdicts } from '../../../src/server/experiments/experiment-service.ts';
import { signInToConsole } from '../../support/clients.ts';
import { builtSite, siteBuilt } from '../../support/built-site.ts';
import { seedExperimentStore } from '../../support/experiment-store.ts';
import { consoleCall } from '../../support/purchase.ts';
import { startPushService, type BrowserSubscription, type PushServiceStandIn } from '../../support/stand-ins/push-service.ts';
import { useTestServer } from '../../support/test-server.ts';
import { databases } from '../test-db.ts';

/**
 * "Teste A/B" notifications (docs/notifications.md#what-rings), on SQLite and PostgreSQL, against the push service
 * written from RFC 8030/8291/8292 (tests/support/stand-ins/push-service.ts), which decrypts each payload as a browser
 * would: a test the split check holds, and a test that reached its verdict, ring once each the people whose role may
 * see tests and who kept "Teste A/B" on, and open that test; an orders-only user and a page editor who turned them off
 * hear nothing.
 */
const PASSWORD = 'senha-do-painel-teste-ab-1';
const DAY = 86_400_000;
// 12:00 in Brasília: outside the default quiet hours.
const T0 = Date.UTC(2026, 10, 3, 15, 0, 0);

const headlineTest = (endsAt: number) => ({
  page: '/',
  name: 'Título do topo',
  variants: [
    { weight: 1, patch: {} },
    { weight: 1, patch: { hero: { headline: 'Os fornecedores que as lojas grandes usam, em uma lista só', highlight: 'lista só' } } },
  ],
  metric: 'revenue',
  plannedLift: 0.2,
  plannedVisitors: 53_276,
  endsAt,
});

const presellTest = (endsAt: number) => ({
  ...headlineTest(endsAt),
  page: '/presell',
  name: 'Título da pré-venda',
  variants: [
    { weight: 1, patch: {} },
    { weight: 1, patch: { presell: { headline: 'Quer pagar menos nos seus apps todo mês, sem perder nenhum?' } } },
  ],
});

describe.skipIf(!siteBuilt).each(databases)('A/B tests ring those who may see them ($name)', (database) => {
  const rig = useTestServer(database, { ADMIN_PASSWORD: PASSWORD, ADMIN_NAME: 'Ana Dona' }, { clock: T0, site: () => builtSite(PASSWORD) });
  const url = () => rig.server.url;
  let push: PushServiceStandIn;
  const devices = {} as Record<'owner' | 'page' | 'pageMuted' | 'orders', BrowserSubscription>;
  let owner: string;

  async function call<T>(cookie: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const reply = await consoleCall(url(), cookie, path, body);
    return { status: reply.status, body: (await reply.json()) as T };
  }

  async function invite(email: string, permissions: string[]) {
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

  async function subscribe(cookie: string) {
    const subscription = push.subscribe();
    const reply = await call<PushSettings>(cookie, '/notifications/devices', { subscription: subscription.json, device: 'Pixel 8' });
    expect(reply.status).toBe(200);
    return subscription;
  }

  /** The verdicts' check as the 5-minute timer runs it, then the outbox: the event's row, then one row per device. */
  async function judgeAndDeliver() {
    await announceVerdicts({ db: rig.db.db }, rig.clock.now);
    await rig.server.outbox.runOnce();
    await rig.server.outbox.runOnce();
  }

  const rung = () => Object.fromEntries(Object.entries(devices).map(([who, device]) => [who, push.delivered(device.id)]));

  beforeAll(async () => {
    push = await startPushService();
    owner = await signInToConsole(url(), PASSWORD);
    const page = await invite('pagina@example.com', ['page']);
    const pageMuted = await invite('pagina2@example.com', ['page', 'orders']);
    const orders = await invite('pedidos@example.com', ['orders']);
    devices.owner = await subscribe(owner);
    devices.page = await subscribe(page);
    devices.pageMuted = await subscribe(pageMuted);
    devices.orders = await subscribe(orders);
    // The orders user is offered no "Teste A/B"; the second page editor turns it off.
    expect((await call<PushSettings>(orders, '/notifications')).body.kinds).not.toContain('experiment');
    expect((await call<PushSettings>(page, '/notifications')).body.kinds).toEqual(['experiment']);
    const off = await call<PushSettings>(pageMuted, '/notifications/preferences', { muted: ['experiment'], quietStart: 22, quietEnd: 7 });
    expect(off.body.preferences.muted).toEqual(['experiment']);
  });
  afterAll(() => push.stop());

  it('a running test with no verdict yet rings no one', async () => {
    const created = await call<{ id: string }>(owner, '/experiments', headlineTest(rig.clock.now + 28 * DAY));
    expect(created.status).toBe(201);
    await judgeAndDeliver();
    expect(push.arrivals).toEqual([]);
  });

  it('a test the split check holds rings the owner and the page editor who kept it on, once, and opens that test', async () => {
    const [test] = (await call<{ experiments: Array<{ id: string; page: string }> }>(owner, '/experiments')).body.experiments;
    // A 50/50 split that came out 1,200 to 800 visitor-days the hash drew: far beyond chance (docs/experiments.md#the-split-check).
    const day = '2026-11-03';
    const visitors = [...Array.from({ length: 1_200 }, () => 0), ...Array.from({ length: 800 }, () => 1)].map((variant, index) => ({
      experiment_id: test!.id,
      day,
      visitor: `v${index}`,
      variant,
    }));
    for (let start = 0; start < visitors.length; start += 500)
      await rig.db.db
        .insertInto('experiment_visitors')
        .values(visitors.slice(start, start + 500))
        .execute();
    expect(
      (await call<{ experiments: Array<{ judgement: { verdict: { kind: string } } }> }>(owner, '/experiments')).body.experiments[0]!
        .judgement.verdict.kind,
    ).toBe('held');

    await judgeAndDeliver();
    const held = {
      title: pushMessages.experimentHeld,
      body: pushMessages.experimentBody('Título do topo', 'held'),
      url: `/painel#testes-ab/${test!.id}`,
      silent: false,
    };
    expect(rung()).toEqual({ owner: [expect.objectContaining(held)], page: [expect.objectContaining(held)], pageMuted: [], orders: [] });
    expect(push.arrivals.every((arrival) => arrival.problem === null)).toBe(true);

    // Judged again five minutes later, still held: no second ring.
    rig.clock.now += 5 * 60_000;
    await judgeAndDeliver();
    expect(push.arrivals).toHaveLength(2);
  });

  it('a test that reaches its verdict rings the same two with that test as the target', async () => {
    const created = await call<{ id: string }>(owner, '/experiments', presellTest(rig.clock.now + 28 * DAY));
    expect(created.status).toBe(201);
    const id = created.body.id;
    await judgeAndDeliver();
    expect(push.arrivals).toHaveLength(2);
    // A sells twice as often as B, in the shape the server writes its figures (support/experiment-store.ts).
    await seedExperimentStore(
      rig.db,
      id,
      [
        { visitors: 800, paid: 240, refundRequests: 0 },
        { visitors: 800, paid: 120, refundRequests: 0 },
      ],
      rig.clock.now,
    );
    rig.clock.now += 5 * 60_000;
    await judgeAndDeliver();
    const verdict = {
      title: pushMessages.experimentVerdict,
      body: pushMessages.experimentBody('Título da pré-venda', 'winner'),
      url: `/painel#testes-ab/${id}`,
    };
    const { owner: toOwner, page, pageMuted, orders } = rung();
    expect(toOwner!.at(-1)).toMatchObject(verdict);
    expect(page!.at(-1)).toMatchObject(verdict);
    expect([toOwner, page].map((each) => each!.length)).toEqual([2, 2]);
    expect([pageMuted, orders]).toEqual([[], []]);
  });
});
