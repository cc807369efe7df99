import type { MemberArea } from '../../shared/access.ts';
import { apiFetch } from '../lib/api.ts';

export type { MemberArea, MemberSupplier } from '../../shared/access.ts';

export type MemberAreaResult =
  | { kind: 'ready'; area: MemberArea }
  /** No access cookie, or the order behind it is no longer paid. */
  | { kind: 'signed-out'; supportEmail: string | null }
  | { kind: 'error' };

/**
 * Reads the list with the HttpOnly access cookie the e-mailed link set. A 401 still carries the
 * support address, so the signed-out page can show it.
 */
export async function fetchMemberArea(): Promise<MemberAreaResult> {
  try {
    const response = await fetch('/api/access', { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
    const body = (await response.json().catch(() => null)) as (Partial<MemberArea> & { error?: string }) | null;
    if (response.ok && body && Array.isArray(body.suppliers)) return { kind: 'ready', area: body as MemberArea };
    if (response.status === 401) return { kind: 'signed-out', supportEmail: body?.supportEmail ?? null };
    return { kind: 'error' };
  } catch {
    return { kind: 'error' };
  }
}

/** Asks for the access e-mail again; the answer is the same whether or not the address bought. */
export async function requestAccessResend(email: string): Promise<void> {
  await apiFetch<{ ok: true }>('/api/access/resend', { method: 'POST', json: { email } });
}
