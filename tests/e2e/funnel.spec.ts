import { expect, querySqlite, test } from './fixtures.ts';

const pageViews = (server: Parameters<typeof querySqlite>[0], path: string) =>
  querySqlite<{ total: number }>(
    server,
    "select coalesce(sum(count),0) total from funnel where event='page_view' and path=?",
    path,
  )[0]!.total;

test('every route change records a page_view for its route, without cookies', async ({ page, server, context }) => {
  const presellBefore = pageViews(server, '/presell');
  const landingBefore = pageViews(server, '/');
  const bodies: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/events')) bodies.push(request.postData() ?? '');
  });

  await page.goto('/presell');
  await expect.poll(() => pageViews(server, '/presell')).toBe(presellBefore + 1);
  await page.getByRole('button', { name: 'Sim, quero!' }).click();
  await expect.poll(() => pageViews(server, '/')).toBe(landingBefore + 1);

  expect(bodies.map((body) => JSON.parse(body) as { name: string; path: string })).toEqual(
    expect.arrayContaining([
      { name: 'page_view', path: '/presell' },
      { name: 'presell_yes', path: '/presell' },
      { name: 'page_view', path: '/' },
    ]),
  );
  expect(await context.cookies()).toEqual([]);
});

test('the events API refuses unknown names and oversized bodies', async ({ request, server }) => {
  const unknown = await request.post(`${server.url}/api/events`, { data: { name: 'buy_now', path: '/' } });
  expect(unknown.status()).toBe(400);
  const oversized = await request.post(`${server.url}/api/events`, {
    data: { name: 'page_view', path: `/${'a'.repeat(4000)}` },
  });
  expect(oversized.status()).toBe(400);
  const fine = await request.post(`${server.url}/api/events`, { data: { name: 'page_view', path: '/presell' } });
  expect(fine.status()).toBe(204);
});
