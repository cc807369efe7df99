// Who published each version, by name, and what it changed against the one before (docs/editing.md#users).
import type { Kysely } from 'kysely';
import { offerDefaults } from '../../content/offer.ts';
import { offerDifferences, type Offer, type PageVersionInfo } from '../../shared/offer.ts';
import { sessionNames } from '../admin/admin-users.ts';
import type { Database } from '../db/schema.ts';
import { findVersionContents, parseStoredOffer } from './offer-repository.ts';

const PRICE = 'product.priceCents';

export async function describeVersions(db: Kysely<Database>, versions: readonly PageVersionInfo[]): Promise<PageVersionInfo[]> {
  const numbers = versions.flatMap((version) => [version.number, version.number - 1]).filter((number) => number > 0);
  const [names, contents] = await Promise.all([
    sessionNames(
      db,
      versions.map((version) => version.publishedBy),
    ),
    findVersionContents(db, numbers),
  ]);
  const offerOf = (number: number): Offer | undefined => {
    if (number === 0) return offerDefaults;
    const content = contents.get(number);
    return content === undefined ? undefined : parseStoredOffer(content);
  };
  return versions.map((version) => {
    const before = offerOf(version.number - 1);
    const after = offerOf(version.number);
    const paths = before && after ? offerDifferences(before, after) : [];
    const priceCents: [number, number] | null =
      before && after && paths.includes(PRICE) ? [before.product.priceCents, after.product.priceCents] : null;
    return { ...version, publishedByName: names.get(version.publishedBy) ?? null, changes: { paths, priceCents } };
  });
}
