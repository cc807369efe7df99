import type { MemberArea, MemberAreaRefusal } from '../../shared/access.ts';
import { ApiError, apiFetch } from '../lib/api.ts';

export type { MemberArea, MemberSupplier } from '../../shared/access.ts';

export type MemberAreaResult =
  | { kind: 'ready'; area: MemberArea }
  /** No access cookie, or the order behind it is no longer paid (`ended`: it was refunded). */
  | { kind: 'signed-out'; supportEmail: string | null; ended: boolean }
  | { kind: 'error' };

/**
 * Reads the list with the HttpOnly access cookie the e-mailed link set. A 401 still carries the
 * support address, so the signed-out page can show it.
 */
export async function fetchMemberArea(): Promise<MemberAreaResult> {
  try {
    const area = await apiFetch('GET /api/access');
    return Array.isArray(area?.suppliers) ? { kind: 'ready', area } : { kind: 'error' };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      const refusal = error.body as Partial<MemberAreaRefusal> | null;
      return { kind: 'signed-out', supportEmail: refusal?.supportEmail ?? null, ended: refusal?.ended === true };
    }
    return { kind: 'error' };
  }
}

/** Asks for the access e-mail again; the answer is the same whether or not the address bought. */
export async function requestAccessResend(email: string): Promise<void> {
  await apiFetch('POST /api/access/resend', { json: { email } });
}
