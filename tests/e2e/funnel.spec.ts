import { funnelCount } from '../support/db-reads.ts';
import { expect, test, withServerDb } from './fixtures.ts';
import type { RunningServer } from './server.ts';

const pageViews = (server: RunningServer, path: string) => withServerDb(server.dataDir, (db) => funnelCount(db, 'page_view', path));

test('every route change records a page_view for its route, without cookies', async ({ page, server, context }) => {
  const presellBefore = await pageViews(server, '/presell');
  const landingBefore = await pageViews(server, '/');
  const bodies: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/events')) bodies.push(request.postData() ?? '');
  });

  const sent = () => bodies.map((body) => JSON.parse(body) as { name: string; path: string });
  await page.goto('/presell');
  await expect.poll(sent).toContainEqual({ name: 'page_view', path: '/presell' });
  await page.getByRole('button', { name: 'Sim, quero!' }).click();
  await expect.poll(sent).toContainEqual({ name: 'page_view', path: '/' });
  expect(sent()).toContainEqual({ name: 'presell_yes', path: '/presell' });

  // Each request was counted under its route (others may add to the same counters meanwhile).
  await expect.poll(() => pageViews(server, '/presell')).toBeGreaterThanOrEqual(presellBefore + 1);
  await expect.poll(() => pageViews(server, '/')).toBeGreaterThanOrEqual(landingBefore + 1);
  expect(await context.cookies()).toEqual([]);
});

test('the events API refuses unknown names and oversized bodies', async ({ api }) => {
  const unknown = await api('/api/events', { json: { name: 'buy_now', path: '/' } });
  expect(unknown.status).toBe(400);
  const oversized = await api('/api/events', { json: { name: 'page_view', path: `/${'a'.repeat(4000)}` } });
  expect(oversized.status).toBe(400);
  const fine = await api('/api/events', { json: { name: 'page_view', path: '/presell' } });
  expect(fine.status).toBe(204);
});
