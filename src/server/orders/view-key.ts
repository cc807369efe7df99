import { createHash } from 'node:crypto';

/**
 * The creating tab's key (sent as `X-Order-Key`), as the order stores it: hashed, so a copy of the
 * database cannot speak for the tab (docs/security.md#access-links).
 */
export function hashViewKey(viewKey: string): string {
  return createHash('sha256').update(`vitrine-view-key:${viewKey}`).digest('hex');
}
