import type { ConsolePermission } from '../../../shared/admin-users.ts';
import { apiFetch } from '../../lib/api.ts';

/** The owner's "Usuários", the invitation's page and each version's sales (docs/editing.md#users). */
export const usersApi = {
  list: () => apiFetch('GET /api/admin/users'),
  invite: (email: string, permissions: ConsolePermission[]) => apiFetch('POST /api/admin/users/invite', { json: { email, permissions } }),
  setPermissions: (id: string, permissions: ConsolePermission[]) =>
    apiFetch('POST /api/admin/users/:id/permissions', { params: { id }, json: { permissions } }),
  revoke: (id: string) => apiFetch('POST /api/admin/users/:id/revoke', { params: { id } }),
  checkInvite: (token: string) => apiFetch('POST /api/admin/invite/check', { json: { token } }),
  acceptInvite: (token: string, name: string, password: string) =>
    apiFetch('POST /api/admin/invite/accept', { json: { token, name, password } }),
  figures: () => apiFetch('GET /api/admin/page/figures'),
};

/** The invitation's token, from the link's fragment (`/painel#convite=…`). */
export function inviteToken(hash: string): string | null {
  const match = /^#convite=([\w-]{20,100})$/.exec(hash);
  return match?.[1] ?? null;
}
