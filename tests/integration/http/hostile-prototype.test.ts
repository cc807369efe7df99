import { describe, expect, it } from 'vitest';
import { fetchFrom, newClientAddress, uniqueBuyer } from '../../support/clients.ts';
import { orderRow, setOrderColumns } from '../../support/db-reads.ts';
import { buy } from '../../support/purchase.ts';
import { databases } from '../test-db.ts';
import { useTestServer } from '../../support/test-server.ts';

/**
 * Prototype keys (`__proto__`, `constructor.prototype`) in every body an anonymous visitor can
 * send, as JSON, as a form and as plain text. The server runs in this process, so a key that
 * reached Object.prototype would show here; it once did, from one unauthenticated postback, and
 * then /api/live and /api/admin/session answered 500 and every checkout 400 until a restart.
 */

const ADMIN_PASSWORD = 'senha-do-painel-hostil';

const jsonBodies = [
  '{"__proto__":{"now":"x","polluted":1}}',
  '{"constructor":{"prototype":{"now":"x","polluted":1}}}',
  '{"prototype":{"now":"x"},"hash":{"__proto__":{"now":"x"}}}',
  '{"data":{"__proto__":{"now":"x"}},"transaction":{"constructor":{"prototype":{"polluted":1}}}}',
  '{"name":"Ana","attribution":{"__proto__":{"now":"x"}},"tracking":{"__proto__":{"consent":"granted"}},"customer":{"__proto__":{"now":"x"}}}',
];
const formBodies = [
  '__proto__[now]=x',
  '__proto__[polluted]=1&hash=tx1',
  'constructor[prototype][now]=x',
  'constructor[prototype]=x&prototype[now]=x&data[__proto__]=x&__proto__.now=x',
];

/** Every (content type, body) pair sent to each route. */
const hostileBodies: Array<[string, string]> = [
  ...jsonBodies.map((body): [string, string] => ['application/json', body]),
  ...formBodies.flatMap((body): Array<[string, string]> => [
    ['application/x-www-form-urlencoded', body],
    ['text/plain', body],
  ]),
];

/**
 * The console's login, with the password the route reads next to the prototype keys. A wrong one
 * must be judged as any wrong password is; the right one placed only under a prototype key must
 * not open a session (it would, were it merged into Object.prototype: the schema reads inherited
 * keys).
 */
const WRONG_PASSWORD = 'senha-errada';
const loginBodies = jsonBodies.map((body) => body.replace(/^\{/, `{"password":"${WRONG_PASSWORD}",`));
const inheritedPasswordBodies = [
  `{"__proto__":{"password":"${ADMIN_PASSWORD}"}}`,
  `{"constructor":{"prototype":{"password":"${ADMIN_PASSWORD}"}}}`,
];

function expectPrototypeUntouched() {
  expect(Object.keys(Object.prototype)).toEqual([]);
  const probe: Record<string, unknown> = {};
  expect(probe.now).toBeUndefined();
  expect(probe.polluted).toBeUndefined();
  expect(Object.getPrototypeOf(probe)).toBe(Object.prototype);
}

for (const database of databases) {
  describe(`prototype keys in request bodies on ${database.name}`, () => {
    const running = useTestServer(database, { ADMIN_PASSWORD });

    async function send(path: string, type: string, body: string, headers: Record<string, string> = {}) {
      const response = await fetch(`${running.server.url}${path}`, { method: 'POST', headers: { 'Content-Type': type, ...headers }, body });
      await response.body?.cancel();
      return response.status;
    }

    /**
     * A login as the console sends it: its own origin (any other is refused with 403 before the
     * body is read) and, since every wrong password counts against its client, a fresh client.
     */
    async function login(type: string, body: string) {
      const response = await fetchFrom(newClientAddress())(`${running.server.url}/api/admin/login`, {
        method: 'POST',
        headers: { 'Content-Type': type, Origin: running.server.url },
        body,
      });
      return { status: response.status, text: await response.text(), cookie: response.headers.get('Set-Cookie') };
    }

    async function answers() {
      const live = await fetch(`${running.server.url}/api/live`);
      const session = await fetch(`${running.server.url}/api/admin/session`);
      return {
        live: live.status,
        liveKeys: Object.keys((await live.json()) as object).sort(),
        session: session.status,
        sessionBody: (await session.text()).length > 0,
      };
    }

    it('no route lets one reach Object.prototype, and the shop works afterwards', async () => {
      const { server, db } = running;
      const before = await answers();
      expect(before.live).toBe(200);

      const order = await orderRow(db, (await buy(server, { buyer: uniqueBuyer('Vera Lima') })).orderId);

      const statuses: number[] = [];
      const loginAnswers: Array<Awaited<ReturnType<typeof login>>> = [];
      for (const [type, body] of hostileBodies) {
        // The postback route with the order's secret (read and parsed), with a wrong one, without any.
        for (const query of [`${order.id}.${order.postback_secret}`, `${order.id}.wrong`, '']) {
          // Each valid postback opens the order's read window anew, so each body is really parsed.
          await setOrderColumns(db, order.id, { postback_read_at: null });
          statuses.push(await send(`/api/webhooks/gateway?t=${query}`, type, body));
        }
        statuses.push(await send('/api/orders', type, body));
        statuses.push(await send('/api/events', type, body));
        statuses.push(await send('/api/presence', type, body));
        // Past the origin check, no password field: refused by the login's schema (a form or text
        // body is not read as JSON at all).
        loginAnswers.push(await login(type, body));
        statuses.push(await send('/api/access/resend', type, body));
        statuses.push(await send('/sandbox/public/v1/transactions', type, body, { Authorization: 'Bearer sandbox-token' }));
        expectPrototypeUntouched();
      }
      await server.background.idle();
      expectPrototypeUntouched();
      // Refused or ignored, never a server error.
      expect(statuses.filter((status) => status >= 500)).toEqual([]);
      expect(loginAnswers.map((answer) => answer.status)).toEqual(hostileBodies.map(() => 422));

      // With a wrong password beside the prototype keys: the same answer as a plain wrong password.
      const wrong = await login('application/json', JSON.stringify({ password: WRONG_PASSWORD }));
      expect(wrong.status).toBe(401);
      for (const body of loginBodies) expect(await login('application/json', body)).toEqual(wrong);
      for (const body of inheritedPasswordBodies) {
        const answer = await login('application/json', body);
        expect(answer.status).toBe(422);
        expect(answer.cookie).toBeNull();
      }
      expectPrototypeUntouched();

      expect(await answers()).toEqual(before);
      await buy(server, { buyer: uniqueBuyer('Rita Alves') });
    });
  });
}
