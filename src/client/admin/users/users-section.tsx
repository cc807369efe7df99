import { useCallback, useId, useState, type FormEvent } from 'react';
import { consoleUsers } from '../../../content/console-users.ts';
import type { AdminInviteReply, AdminUser, ConsolePermission } from '../../../shared/admin-users.ts';
import { ApiError } from '../../lib/api.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import { formatDateTime } from '../format.ts';
import { RestoredNotice, useLocalDraft } from '../local-draft.tsx';
import { PermissionBoxes } from './permission-boxes.tsx';
import { useAdminData } from '../use-admin-data.ts';
import { usersApi } from './users-api.ts';

const copy = consoleUsers.section;
const card = 'rounded-2xl border border-line bg-ink-850 p-4';

/** The owner's "Usuários": invite by e-mail, each user's permissions, remove. docs/editing.md#users */
export function UsersSection({ onSignedOut }: { onSignedOut: () => void }) {
  const load = useCallback(() => usersApi.list(), []);
  const { state, reload } = useAdminData(load, onSignedOut);
  return (
    <section aria-labelledby="users-title" className="space-y-4">
      <div>
        <h2 id="users-title" className="text-xl font-black text-white">
          {copy.title}
        </h2>
        <p className="mt-1 text-sm text-slate-400">{copy.intro}</p>
      </div>
      <InviteForm onInvited={() => void reload()} />
      {state.kind === 'failed' ? <Alert variant="destructive">{state.message}</Alert> : null}
      {state.kind === 'ready' ? (
        <>
          <section aria-labelledby="users-list" className={card}>
            <h3 id="users-list" className="text-base font-extrabold text-white">
              {copy.users}
            </h3>
            {state.data.users.length === 0 ? <p className="mt-2 text-sm text-slate-400">{copy.none}</p> : null}
            <ul className="mt-2 divide-y divide-line">
              {state.data.users.map((user) => (
                <UserRow key={user.id} user={user} onChanged={() => void reload()} />
              ))}
            </ul>
          </section>
          {state.data.invites.length > 0 ? (
            <section aria-labelledby="users-invites" className={card}>
              <h3 id="users-invites" className="text-base font-extrabold text-white">
                {copy.pending}
              </h3>
              <ul className="mt-2 space-y-1 text-sm text-slate-300">
                {state.data.invites.map((invite) => (
                  <li key={`${invite.email}-${invite.createdAt}`} className="break-all">
                    {invite.email} · {copy.expires(formatDateTime(invite.expiresAt))}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

function InviteForm({ onInvited }: { onInvited: () => void }) {
  const id = useId();
  // Kept in this browser until the invitation is sent (local-draft.tsx): a colleague's address, never a buyer's.
  const draft = useLocalDraft<{ email: string; permissions: ConsolePermission[] }>('users-invite', { email: '', permissions: ['page'] });
  const { email, permissions } = draft.value;
  const setEmail = (value: string) => draft.set((previous) => ({ ...previous, email: value }));
  const setPermissions = (value: ConsolePermission[]) => draft.set((previous) => ({ ...previous, permissions: value }));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<(AdminInviteReply & { email: string }) | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setSent({ ...(await usersApi.invite(email, permissions)), email });
      draft.clear();
      onInvited();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : consoleUsers.api.invalid);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} aria-labelledby={`${id}-title`} className={`${card} space-y-3`}>
      <h3 id={`${id}-title`} className="text-base font-extrabold text-white">
        {copy.inviteTitle}
      </h3>
      {draft.restored ? <RestoredNotice /> : null}
      <div>
        <label htmlFor={`${id}-email`} className="block text-sm font-semibold text-slate-200">
          {copy.email}
        </label>
        <input
          id={`${id}-email`}
          type="email"
          required
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          className="mt-1.5 block min-h-11 w-full rounded-xl border border-line bg-ink-900 px-3 text-white"
        />
      </div>
      <PermissionBoxes value={permissions} onChange={setPermissions} owner={copy.inviteTitle} />
      {error ? <Alert variant="destructive">{error}</Alert> : null}
      {sent ? (
        <Alert variant="success">
          <p>{sent.emailed ? copy.invited(sent.email) : copy.notEmailed(sent.email)}</p>
          <p className="mt-1 font-mono text-xs break-all select-all">{sent.link}</p>
        </Alert>
      ) : null}
      <Button type="submit" disabled={busy}>
        {busy ? copy.inviting : copy.invite}
      </Button>
    </form>
  );
}

function UserRow({ user, onChanged }: { user: AdminUser; onChanged: () => void }) {
  const [permissions, setPermissions] = useState(user.permissions);
  const [message, setMessage] = useState<string | null>(null);
  const [revoking, setRevoking] = useState(false);
  const changed = permissions.join() !== user.permissions.join();
  const save = async () => {
    try {
      await usersApi.setPermissions(user.id, permissions);
      setMessage(copy.saved);
      onChanged();
    } catch (failure) {
      setMessage(failure instanceof ApiError ? failure.message : consoleUsers.api.invalid);
    }
  };
  return (
    <li className="space-y-2 py-3 text-sm">
      <p>
        <span className="font-bold text-white">{user.name}</span>
        <span className="block break-all text-slate-400">{user.email}</span>
        {user.revokedAt !== null ? <span className="block text-red-200">{copy.revoked(formatDateTime(user.revokedAt))}</span> : null}
      </p>
      {user.revokedAt === null ? (
        <>
          <PermissionBoxes value={permissions} onChange={setPermissions} owner={user.name} />
          {message ? <p className="text-slate-300">{message}</p> : null}
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" disabled={!changed} onClick={() => void save()}>
              {copy.save}
            </Button>
            <Button variant="danger" aria-label={`${copy.revoke} ${user.name}`} onClick={() => setRevoking(true)}>
              {copy.revoke}
            </Button>
          </div>
          <ConfirmDialog
            open={revoking}
            onOpenChange={setRevoking}
            title={copy.confirmRevokeTitle(user.name)}
            body={copy.confirmRevokeBody}
            danger
            onConfirm={async () => {
              await usersApi.revoke(user.id);
              onChanged();
            }}
          />
        </>
      ) : null}
    </li>
  );
}
