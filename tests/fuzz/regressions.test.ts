import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrors } from '../../src/content/api-errors.ts';
import { newClientAddress } from '../support/clients.ts';
import { databases, type TestDb } from '../integration/test-db.ts';
import { send } from './fuzz-kit.ts';
import { admin } from '../../src/content/admin.ts';
import { ASSET_PATH, logInToConsole, startFuzzServer, type FuzzServer } from './fuzz-server.ts';

/**
 * Requests the fuzz suite (http-routes.test.ts) once answered with a 500, replayed as they were
 * sent, on the real server over loopback, on both databases.
 */
for (const database of databases) {
  describe(`requests the fuzz found, ${database.name}`, () => {
    let db: TestDb;
    let server: FuzzServer;
    beforeAll(async () => {
      db = await database.create();
      server = await startFuzzServer(db);
    });
    afterAll(async () => {
      await server?.stop();
      await db?.close();
    });

    const request = (method: string, path: string) =>
      send(server.url, { method, path, headers: { 'Accept-Encoding': 'br' } }, newClientAddress());

    it('answers a file missing under /assets/ with the 404 page, whatever the method', async () => {
      for (const [method, path] of [
        ['GET', '/assets/no-such-file-Ab12.js'],
        ['HEAD', '/assets/no-such-file-Ab12.js'],
        ['GET', '/assets/%c0%af'],
        ['GET', `/assets/${'a'.repeat(8000)}`],
        ['POST', ASSET_PATH],
        ['OPTIONS', '/assets/..%2f..%2fpackage.json'],
      ] as const) {
        const answer = await request(method, path);
        expect(answer.status, `${method} ${path.slice(0, 40)}`).toBe(404);
      }
      // The file itself is still served, without its date.
      const asset = await request('GET', ASSET_PATH);
      expect(asset.status).toBe(200);
      expect(asset.headers['last-modified']).toBeUndefined();
      expect(server.logLines.filter((entry) => entry.level === 'error')).toEqual([]);
    });

    it('answers an order id holding a NUL byte, or any id not shaped like ours, with a 404', async () => {
      for (const id of ['%00', 'ord_%00', `ord_${'a'.repeat(200)}`, '%E2%80%AE']) {
        const answer = await request('GET', `/api/orders/${id}`);
        expect(answer.status, id).toBe(404);
        expect(JSON.parse(answer.body.toString('utf8'))).toEqual({ error: apiErrors.orderNotFound });
      }
      expect(server.logLines.filter((entry) => entry.level === 'error')).toEqual([]);
    });

    it("answers a sandbox transaction hash holding a NUL byte with the sandbox's 404", async () => {
      for (const [method, path] of [
        ['GET', '/sandbox/pay/%00'],
        ['POST', '/sandbox/pay/%00'],
        ['POST', '/sandbox/pay/abc%00def/refund'],
      ] as const) {
        expect((await request(method, path)).status, `${method} ${path}`).toBe(404);
      }
      const read = await send(
        server.url,
        { method: 'GET', path: '/sandbox/public/v1/transactions/%00', headers: { Authorization: 'Bearer sandbox-token' } },
        newClientAddress(),
      );
      expect(read.status).toBe(404);
      expect(server.logLines.filter((entry) => entry.level === 'error')).toEqual([]);
    });

    it('answers a console order or outbox id holding a NUL byte with a 404, before any query', async () => {
      const cookie = await logInToConsole(server.url);
      for (const [method, path, error] of [
        ['GET', '/api/admin/orders/ord_vEBYkd2UQs2kXXZwKB_vdQ%00', admin.api.orderNotFound],
        ['GET', '/api/admin/orders/%00?prototype=%20', admin.api.orderNotFound],
        ['POST', '/api/admin/orders/ord_%00/refund', admin.api.orderNotFound],
        ['POST', '/api/admin/orders/ord_%00/email', admin.api.orderNotFound],
        ['POST', '/api/admin/outbox/%00/retry', admin.api.outboxNotFound],
      ] as const) {
        const answer = await send(server.url, { method, path, headers: { Cookie: cookie, Origin: server.url } }, newClientAddress());
        expect(answer.status, `${method} ${path}`).toBe(404);
        expect(JSON.parse(answer.body.toString('utf8'))).toEqual({ error });
      }
      expect(server.logLines.filter((entry) => entry.level === 'error')).toEqual([]);
    });

    it('refuses a text field sent as an object whose length is an object, on every form the API reads, with a 4xx', async () => {
      // Zod ran its length checks on it after the type check failed, and the comparison threw.
      const lengthObject = { length: { toString: '' } };
      const cookie = await logInToConsole(server.url);
      const json = (method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
        send(
          server.url,
          {
            method,
            path,
            headers: { 'Content-Type': 'application/json', Origin: server.url, ...headers },
            body: Buffer.from(JSON.stringify(body)),
          },
          newClientAddress(),
        );
      const buyer = { name: 'Maria Silva', email: 'maria@example.com', phone: '11987654321', checkoutKey: 'fuzzcheckoutkey000000000' };
      const answers = [
        ...(['name', 'email', 'phone', 'document'] as const).map((field) =>
          json('POST', '/api/orders', { ...buyer, [field]: lengthObject }),
        ),
        json('POST', '/api/events', { name: 'page_view', path: lengthObject }),
        json('POST', '/api/admin/login', { password: lengthObject }),
        json('POST', '/api/admin/buyer/delete', { email: 'maria@example.com', confirmation: lengthObject }, { Cookie: cookie }),
        json('POST', '/api/admin/suppliers', { csv: lengthObject }, { Cookie: cookie }),
      ];
      for (const answer of await Promise.all(answers)) {
        expect(answer.status, answer.body.toString('utf8').slice(0, 200)).toBeGreaterThanOrEqual(400);
        expect(answer.status, answer.body.toString('utf8').slice(0, 200)).toBeLessThan(500);
      }
      expect(server.logLines.filter((entry) => entry.level === 'error')).toEqual([]);
    });

    it('treats a postback secret of NUL bytes as a wrong secret', async () => {
      const wrongSecret = await send(
        server.url,
        { method: 'POST', path: '/api/webhooks/gateway?t=abc', headers: { 'Content-Type': 'application/json' }, body: Buffer.from('{}') },
        newClientAddress(),
      );
      const nul = await send(
        server.url,
        {
          method: 'POST',
          path: `/api/webhooks/gateway?t=${'%00'.repeat(40)}`,
          headers: { 'Content-Type': 'application/json' },
          body: Buffer.from('{}'),
        },
        newClientAddress(),
      );
      expect(nul.status).toBe(wrongSecret.status);
      expect(nul.body.toString('utf8')).toBe(wrongSecret.body.toString('utf8'));
      expect(server.logLines.filter((entry) => entry.level === 'error')).toEqual([]);
    });
  });
}
