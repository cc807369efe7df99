import { dropRunDatabases, prepareTestDatabases } from './test-db.ts';

/** Vitest's global setup for the integration and fuzz suites: migrate once, before any test file starts. */
export default async function setup(): Promise<() => Promise<void>> {
  await prepareTestDatabases();
  return () => dropRunDatabases();
}
