import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteDb } from '../test-db.ts';
import { createTestApp } from '../../support/test-server.ts';

/** Every response carries a Content-Security-Policy; HSTS only where the public address is https. */
describe('security headers', () => {
  let db: Awaited<ReturnType<typeof createSqliteDb>>;
  beforeAll(async () => {
    db = await createSqliteDb();
  });
  afterAll(async () => {
    await db.close();
  });

  it('sends the strict policy on API answers and the sandbox page, and no HSTS on plain http', async () => {
    const { app } = createTestApp(db);
    for (const path of ['/api/live', '/api/nope', '/sandbox/pay/unknown']) {
      const response = await app.request(path);
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(policy, path).toContain("script-src 'self';");
      expect(policy, path).toContain("frame-ancestors 'none'");
      expect(response.headers.get('strict-transport-security'), path).toBeNull();
    }
  });

  it('sends HSTS when PUBLIC_URL is https', async () => {
    const { app } = createTestApp(db, { PUBLIC_URL: 'https://loja.example.com', DEMO_MODE: '1' });
    const response = await app.request('/api/live');
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });
});
