import type { Kysely } from 'kysely';
import { exampleLists } from '../../content/example-lists.ts';
import type { Database } from '../db/schema.ts';
import { LIST_KEYS, type ListKey } from '../../shared/suppliers.ts';
import { deleteExampleLists, seedSupplierList } from './suppliers-repository.ts';

export interface ExampleListsOutcome {
  /** The lists that got the example set at this start. */
  seeded: ListKey[];
  /** The lists whose example set a production start took away. */
  cleared: ListKey[];
}

/**
 * Runs at every start, after the migrations (docs/operations.md#supplier-list). In the demo (no gateway) each list
 * that was never imported gets the example set of content/example-lists.ts, so a demo buyer sees
 * what the product delivers; once seeded or imported a list is left alone, and several instances
 * starting together seed it once. With a real gateway no example row may reach a paying buyer:
 * the lists still holding the example set are emptied, and the seller imports the real ones.
 */
export async function prepareExampleLists(db: Kysely<Database>, input: { demoMode: boolean; now: number }): Promise<ExampleListsOutcome> {
  if (!input.demoMode) return { seeded: [], cleared: await deleteExampleLists(db) };
  const seeded: ListKey[] = [];
  for (const list of LIST_KEYS) {
    if (await seedSupplierList(db, list, exampleLists[list], input.now)) seeded.push(list);
  }
  return { seeded, cleared: [] };
}
