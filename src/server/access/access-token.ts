import { createHash } from 'node:crypto';
import { newId } from '../orders/ids.ts';

/**
 * Access tokens are random (192 bits), so one SHA-256 is enough to store them: no salt or slow
 * hash is needed against guessing, and a copy of the database holds no working link.
 */
export function hashAccessToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newAccessToken(): string {
  return newId('acc', 24);
}

/**
 * The access link the payment modal shows to the tab that created the order: derived from the
 * tab's own key (which the server keeps only hashed), so each poll shows the same link and the
 * database alone cannot rebuild it.
 */
export function modalAccessToken(viewKey: string): string {
  return `acc_${createHash('sha256').update(`vitrine-modal-access:${viewKey}`).digest('base64url')}`;
}
