import { describe, expect, it } from 'vitest';
import { signInToConsole } from '../../support/clients.ts';
import { consoleCall } from '../../support/purchase.ts';
import { useTestServer } from '../../support/test-server.ts';
import { databases } from '../test-db.ts';

/**
 * POST /api/admin/errors (docs/operations.md#console-errors) over real HTTP, on SQLite and PostgreSQL: a console page
 * error becomes one log line with its area and no buyer data; only a signed-in console of the same origin may send
 * one, a body too large or of another shape is refused, and one session may send 20 a minute.
 */
const PASSWORD = 'senha-do-painel-erros-e2e';

const report = {
  area: 'page',
  kind: 'render',
  name: 'RangeError',
  message: 'amount must be integer centavos, got NaN for maria.souza@example.com CPF 529.982.247-25 tel (11) 98765-4321',
  stack: [
    'RangeError: amount must be integer centavos, got NaN for maria.souza@example.com',
    '    at formatBRL (https://loja.example.com/assets/admin-Bx12.js?v=3:1:2345)',
    '    at OfferForm (https://loja.example.com/assets/admin-Bx12.js:4:567)',
  ].join('\n'),
};

for (const database of databases) {
  describe(`console page errors on ${database.name}`, () => {
    const running = useTestServer(database, { ADMIN_PASSWORD: PASSWORD }, { clock: 'now', each: true });
    const url = () => running.server.url;
    const send = (cookie: string, body: unknown, origin?: string | null) =>
      consoleCall(url(), cookie, '/errors', body, origin === undefined ? {} : { origin });
    const errorLines = () => running.server.logLines.filter((line) => line.line.includes('Console page error'));

    it('logs one line with the area, the masked message and code frames, never the e-mail, CPF, phone or origin', async () => {
      const cookie = await signInToConsole(url(), PASSWORD);
      const response = await send(cookie, report);
      expect(response.status).toBe(204);
      const lines = errorLines();
      expect(lines).toHaveLength(1);
      const [{ level, line }] = lines as [{ level: string; line: string }];
      expect(level).toBe('warn');
      expect(line).toContain('area=page');
      expect(line).toContain('kind=render');
      expect(line).toContain('error=RangeError');
      expect(line).toContain('amount must be integer centavos, got NaN');
      expect(line).toContain('at formatBRL (/assets/admin-Bx12.js:1:2345)');
      expect(line).toContain('at OfferForm (/assets/admin-Bx12.js:4:567)');
      expect(line).toMatch(/session=sess_\w+/);
      for (const personal of ['maria.souza@example.com', '529.982.247-25', '98765-4321', 'loja.example.com', '?v=3'])
        expect(line).not.toContain(personal);
    });

    it('answers 401 without a session and 403 from another origin, logging nothing', async () => {
      expect((await send('', report)).status).toBe(401);
      const cookie = await signInToConsole(url(), PASSWORD);
      expect((await send(cookie, report, 'https://golpe.example.net')).status).toBe(403);
      expect((await send(cookie, report, null)).status).toBe(403);
      expect(errorLines()).toEqual([]);
    });

    it('refuses a body over 16 KB (413), a body that is no JSON (400) and one of another shape (422) in Portuguese', async () => {
      const cookie = await signInToConsole(url(), PASSWORD);
      const huge = await send(cookie, { ...report, stack: 'x'.repeat(20_000) });
      expect(huge.status).toBe(413);
      expect(await huge.json()).toEqual({ error: 'Relato de erro grande demais.' });

      const broken = await fetch(`${url()}/api/admin/errors`, {
        method: 'POST',
        headers: { Cookie: cookie, Origin: url(), 'Content-Type': 'application/json' },
        body: '{"area":"page",',
      });
      expect(broken.status).toBe(400);

      for (const bad of [
        { ...report, area: 'checkout' },
        { ...report, kind: 'warning' },
        { ...report, message: 'x'.repeat(1_001) },
        { ...report, buyerEmail: 'maria@example.com' },
        { ...report, message: 42 },
        [],
        null,
      ]) {
        const refused = await send(cookie, bad);
        expect(refused.status, JSON.stringify(bad).slice(0, 80)).toBe(422);
        expect(((await refused.json()) as { error: string }).error).toBe('Relato de erro inválido.');
      }
      expect(errorLines()).toEqual([]);
    });

    it('takes 20 reports a minute from one session, then 429 with Retry-After; another session still reports', async () => {
      const cookie = await signInToConsole(url(), PASSWORD);
      for (let n = 0; n < 20; n += 1) expect((await send(cookie, { ...report, message: `erro ${n}` })).status).toBe(204);
      const over = await send(cookie, report);
      expect(over.status).toBe(429);
      expect(Number(over.headers.get('Retry-After'))).toBeGreaterThan(0);
      expect(((await over.json()) as { error: string }).error).toContain('Relatos de erro demais');
      expect(errorLines()).toHaveLength(20);

      const other = await signInToConsole(url(), PASSWORD);
      expect((await send(other, report)).status).toBe(204);
      // A minute later the first session reports again.
      running.clock.now += 60_000;
      expect((await send(cookie, report)).status).toBe(204);
      expect(errorLines()).toHaveLength(22);
    });
  });
}
