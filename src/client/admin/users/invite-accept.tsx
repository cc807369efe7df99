import { useEffect, useId, useState, type FormEvent } from 'react';
import { consoleUsers } from '../../../content/console-users.ts';
import { USER_NAME_MAX } from '../../../shared/admin-users.ts';
import { ApiError } from '../../lib/api.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { LengthNote, overLimit } from '../length-limit.tsx';
import { usersApi } from './users-api.ts';

const copy = consoleUsers.accept;
const field = 'mt-1.5 block min-h-11 w-full rounded-xl border border-line bg-ink-900 px-3 text-white';

/** The invitation's page (`/painel#convite=…`): the invitee's name and password, then the console, signed in. */
export function InviteAccept({ token, onAccepted }: { token: string; onAccepted: () => void }) {
  const id = useId();
  const [email, setEmail] = useState<string | null>(null);
  const [gone, setGone] = useState(false);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    usersApi.checkInvite(token).then(
      (invite) => setEmail(invite.email),
      () => setGone(true),
    );
  }, [token]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (overLimit(name, USER_NAME_MAX)) return;
    setBusy(true);
    try {
      await usersApi.acceptInvite(token, name, password);
      // The token leaves the address bar: a reload or a shared screen does not show it.
      window.history.replaceState(null, '', `${window.location.pathname}#pagina`);
      onAccepted();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : consoleUsers.api.invalid);
      if (failure instanceof ApiError && failure.status === 410) setGone(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="mx-auto flex min-h-dvh max-w-sm flex-col justify-center px-5 py-10">
      <h1 className="text-2xl font-black text-white">{copy.title}</h1>
      {gone ? (
        <Alert variant="destructive" className="mt-6">
          {copy.gone}
        </Alert>
      ) : null}
      {!gone && email ? (
        <form onSubmit={submit} className="mt-6 space-y-4 rounded-2xl border border-line bg-ink-850 p-5">
          <p className="text-sm break-words text-slate-300">{copy.intro(email)}</p>
          <div>
            <label htmlFor={`${id}-name`} className="block text-sm font-semibold text-slate-200">
              {copy.name}
            </label>
            <input
              id={`${id}-name`}
              required
              minLength={2}
              autoComplete="name"
              value={name}
              aria-invalid={overLimit(name, USER_NAME_MAX) ? true : undefined}
              aria-describedby={`${id}-name-length`}
              onChange={(event) => setName(event.target.value)}
              className={field}
            />
            <LengthNote id={`${id}-name-length`} value={name} max={USER_NAME_MAX} />
          </div>
          <div>
            <label htmlFor={`${id}-password`} className="block text-sm font-semibold text-slate-200">
              {copy.password}
            </label>
            <input
              id={`${id}-password`}
              type="password"
              required
              minLength={12}
              autoComplete="new-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              className={field}
            />
          </div>
          {error ? <Alert variant="destructive">{error}</Alert> : null}
          <Button type="submit" block disabled={busy}>
            {busy ? copy.submitting : copy.submit}
          </Button>
        </form>
      ) : null}
    </main>
  );
}
