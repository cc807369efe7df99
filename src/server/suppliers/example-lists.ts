import type { Kysely } from 'kysely';
import { exampleLists } from '../../content/example-lists.ts';
import type { Database } from '../db/schema.ts';
import { LIST_KEYS, type ListKey } from '../../shared/suppliers.ts';
import { deleteExampleLists, seedSupplierList } from './suppliers-repository.ts';

export interface ExampleListsOutcome {
  seeded: ListKey[];
  cleared: ListKey[];
}

/** The demo seeds never-imported lists; with a real gateway no example row may reach a paying buyer. */
export async function prepareExampleLists(db: Kysely<Database>, input: { demoMode: boolean; now: number }): Promise<ExampleListsOutcome> {
  if (!input.demoMode) return { seeded: [], cleared: await deleteExampleLists(db) };
  const seeded: ListKey[] = [];
  for (const list of LIST_KEYS) {
    if (await seedSupplierList(db, list, exampleLists[list], input.now)) seeded.push(list);
  }
  return { seeded, cleared: [] };
}
