import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogFormat } from '../../../src/server/lib/logger.ts';
import { lastAppliedMigration, rowCounts, setMigrationApplied, sqliteChanges } from '../../support/db-reads.ts';
import { createTestApp } from '../../support/test-server.ts';
import { databases, type TestDb } from '../test-db.ts';

/** The server as main.ts wires it, with its log lines kept in memory in the given format. */
function composeWithLog(db: TestDb, format: LogFormat = 'json') {
  const composed = createTestApp(db, {}, { logFormat: format });
  return { composed, lines: composed.logLines, logger: composed.logger };
}

describe.each(databases)('health probes on $name', ({ name, create }) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await create();
  });
  afterAll(async () => {
    await db.close();
  });

  it('/healthz and /readyz answer 200, uncached, with a request id', async () => {
    const { composed } = composeWithLog(db);
    for (const path of ['/healthz', '/readyz']) {
      const response = await composed.app.request(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe('no-store');
      expect(response.headers.get('x-request-id'), path).toMatch(/^[\w-]{8,}$/);
    }
    expect(await (await composed.app.request('/readyz')).json()).toEqual({ status: 'ready' });
  });

  it('probes write nothing: no funnel count, no rate-limit counter, no row anywhere', async () => {
    const { composed } = composeWithLog(db);
    // Rows in every table the app owns (Kysely's bookkeeping included): a probe must change none.
    const before = await rowCounts(db);
    // For SQLite, the connection's own change counter catches even an update that keeps row counts.
    const changes = async () => (name === 'sqlite' ? sqliteChanges(db) : 0);
    const changesBefore = await changes();
    for (let i = 0; i < 20; i++) {
      expect((await composed.app.request('/healthz', { headers: { 'X-Forwarded-For': `203.0.113.${i}` } })).status).toBe(200);
      expect((await composed.app.request('/readyz', { method: i % 2 ? 'HEAD' : 'GET' })).status).toBe(200);
    }
    expect(await rowCounts(db)).toEqual(before);
    expect(await changes()).toBe(changesBefore);
  });

  it('/readyz answers 503 while the instance drains, /healthz still 200', async () => {
    const { composed } = composeWithLog(db);
    expect((await composed.app.request('/readyz')).status).toBe(200);
    composed.lifecycle.beginDrain();
    const response = await composed.app.request('/readyz');
    expect(response.status).toBe(503);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ status: 'unavailable', reason: 'draining' });
    expect((await composed.app.request('/healthz')).status).toBe(200);
  });

  it('/readyz answers 503 while a known migration is not applied to the database', async () => {
    const { composed, lines } = composeWithLog(db);
    const last = await lastAppliedMigration(db);
    await setMigrationApplied(db, last, false);
    try {
      const response = await composed.app.request('/readyz');
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: 'unavailable', reason: 'migrations pending' });
      expect(lines.some(({ level, line }) => level === 'warn' && line.includes(last))).toBe(true);
    } finally {
      await setMigrationApplied(db, last, true);
    }
    expect((await composed.app.request('/readyz')).status).toBe(200);
  });

  it('/readyz answers 503 once the database is closed, /healthz still 200', async () => {
    const own = await create();
    const { composed } = composeWithLog(own);
    expect((await composed.app.request('/readyz')).status).toBe(200);
    await own.close();
    const response = await composed.app.request('/readyz');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'unavailable', reason: 'database unavailable' });
    expect((await composed.app.request('/healthz')).status).toBe(200);
  });
});

describe('request logging', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await databases[0].create();
  });
  afterAll(async () => {
    await db.close();
  });

  const parse = (lines: Array<{ line: string }>) => lines.map(({ line }) => JSON.parse(line) as Record<string, unknown>);

  it('JSON lines parse; one access line per request, its requestId the X-Request-Id header', async () => {
    const { composed, lines } = composeWithLog(db);
    const response = await composed.app.request('/api/live?utm_source=ads&email=maria@example.com');
    expect(response.status).toBe(200);
    const id = response.headers.get('x-request-id');
    expect(id).toBeTruthy();
    const entries = parse(lines);
    const access = entries.filter((entry) => entry.msg === 'request');
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({ level: 'info', method: 'GET', path: '/api/live', status: 200, requestId: id });
    expect(typeof access[0]!.durationMs).toBe('number');
    expect(Date.parse(String(access[0]!.time))).toBeGreaterThan(Date.now() - 60_000);
    // The query (with whatever a visitor put there) never reaches the log.
    expect(lines.map(({ line }) => line).join('\n')).not.toContain('maria@example.com');
  });

  it("keeps a caller's sane X-Request-Id, replaces an unsafe one, and tags every line of the request", async () => {
    const { composed, lines } = composeWithLog(db);
    const kept = await composed.app.request('/ofertas/inexistente', { headers: { 'X-Request-Id': 'nginx-3f2a9c' } });
    expect(kept.status).toBe(404);
    expect(kept.headers.get('x-request-id')).toBe('nginx-3f2a9c');
    const entries = parse(lines);
    // The 404 warning and the access line both belong to the request.
    expect(entries.find((entry) => entry.msg === 'Page not found')).toMatchObject({ level: 'warn', requestId: 'nginx-3f2a9c' });
    expect(entries.find((entry) => entry.msg === 'request')).toMatchObject({ status: 404, requestId: 'nginx-3f2a9c' });

    const replaced = await composed.app.request('/healthz', { headers: { 'X-Request-Id': 'evil" status=200 forged=1' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[\w-]+$/);
    expect(replaced.headers.get('x-request-id')).not.toContain('evil');
  });

  it('logs the route pattern, never a credential carried in the path or the query', async () => {
    const { composed, lines, logger } = composeWithLog(db);
    logger.addSecret('tok_"quoted\\secret');
    await composed.app.request('/acesso/acc_supersecretaccesstoken123');
    await composed.app.request('/api/webhooks/gateway?t=ord_1.postback_secret_value', { method: 'POST', body: '{}' });
    logger.warn('Gateway said', { error: 'bad token tok_"quoted\\secret' });
    const text = lines.map(({ line }) => line).join('\n');
    expect(text).not.toContain('acc_supersecretaccesstoken123');
    expect(text).not.toContain('postback_secret_value');
    expect(text).not.toContain('quoted');
    const paths = parse(lines)
      .filter((entry) => entry.msg === 'request')
      .map((entry) => entry.path);
    expect(paths).toEqual(['/acesso/:token', '/api/webhooks/:provider']);
    expect(parse(lines).find((entry) => entry.msg === 'Gateway said')?.error).toBe('bad token [redacted]');
  });

  it('probes that succeed log at debug level, so a balancer polling every second stays out of an info log', async () => {
    const { composed, lines } = composeWithLog(db, 'text');
    await composed.app.request('/healthz');
    await composed.app.request('/api/live');
    const access = lines.filter(({ line }) => / request /.test(line));
    expect(access.map(({ level }) => level)).toEqual(['debug', 'info']);
    expect(access[1]!.line).toMatch(/^\S+Z INFO request requestId=\S+ method=GET path=\/api\/live status=200 durationMs=[\d.]+$/);
  });
});
