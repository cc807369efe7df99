import { createHash } from 'node:crypto';

/** Hashed, so a copy of the database cannot speak for the tab (docs/security.md#access-links). */
export function hashViewKey(viewKey: string): string {
  return createHash('sha256').update(`vitrine-view-key:${viewKey}`).digest('hex');
}
