import { expect, it } from 'vitest';
import { measureServerRss, RSS_LIMIT_MB } from '../../bench/rss.ts';

/**
 * The built server, started as production starts it, stays under RSS_LIMIT_MB of resident memory
 * after 200 requests across its pages, its APIs, paid checkouts and the console (bench/rss.ts).
 * A dependency loaded at start that only a rare request needs shows up here first.
 */
it(`the server holds at most ${RSS_LIMIT_MB} MB resident after 200 requests`, async () => {
  const sitting = await measureServerRss(200);
  expect(sitting.requests).toBe(200);
  expect(sitting.afterMb, `RSS after 200 requests (${sitting.startMb.toFixed(1)} MB after the start)`).toBeLessThanOrEqual(RSS_LIMIT_MB);
});
