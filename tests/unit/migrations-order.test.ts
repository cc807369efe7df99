import { describe, expect, it } from 'vitest';
import { migrationProvider, migrationNames } from '../../src/server/db/migrations.ts';

describe('migrations', () => {
  it('are listed in the order they apply, so a new one is numbered after every one a shop may already have run', async () => {
    // Kysely refuses to apply a migration numbered below one the database already applied ("corrupted migrations"):
    // a migration appended to the list under a lower number than the list's last would stop every shop already past it.
    const listed = Object.keys(await migrationProvider.getMigrations());
    expect(listed).toEqual(migrationNames);
  });
});
