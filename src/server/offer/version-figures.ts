import type { Kysely } from 'kysely';
import type { PageVersionFigures } from '../../shared/admin-users.ts';
import type { Database } from '../db/schema.ts';
import { salesByVersion } from '../funnel/version-sales.ts';
import { listVersionTimes } from './offer-repository.ts';

/** Newest first: every published version and the build's content (0), each with when it was live. The A/B tests build on it. */
export async function versionFigures(db: Kysely<Database>): Promise<PageVersionFigures[]> {
  const [times, sales] = await Promise.all([listVersionTimes(db), salesByVersion(db)]);
  const versions = [{ number: 0, publishedAt: null as number | null }, ...times];
  return versions
    .map((version, index) => ({
      number: version.number,
      liveFrom: version.publishedAt,
      liveUntil: versions[index + 1]?.publishedAt ?? null,
      visitors: 0,
      checkoutsBegun: 0,
      pixPaid: 0,
      revenueCents: 0,
      ...sales.get(version.number),
    }))
    .reverse();
}
