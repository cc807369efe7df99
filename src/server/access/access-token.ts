import { createHash } from 'node:crypto';
import { newId } from '../orders/ids.ts';

/** 192 random bits: one SHA-256 is enough, and a copy of the database holds no working link. */
export function hashAccessToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newAccessToken(): string {
  return newId('acc', 24);
}

/** Derived from the tab's own key (kept only hashed), so the database alone cannot rebuild it. */
export function modalAccessToken(viewKey: string): string {
  return `acc_${createHash('sha256').update(`vitrine-modal-access:${viewKey}`).digest('base64url')}`;
}
