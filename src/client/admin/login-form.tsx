import { useEffect, useId, useState, type FormEvent } from 'react';
import { admin as copy } from '../../content/admin.ts';
import { consoleUsers } from '../../content/console-users.ts';
import { ApiError } from '../lib/api.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { adminApi } from './admin-api.ts';

/** The console's password form. The server counts failures per address and answers the lockout message. */
export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // While the server locks this address, the button waits too (the server refuses anyway).
  const [lockedUntil, setLockedUntil] = useState<number | null>(null);
  useEffect(() => {
    if (lockedUntil === null) return;
    const timer = window.setTimeout(
      () => {
        setLockedUntil(null);
        setError(null);
      },
      Math.max(0, lockedUntil - Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [lockedUntil]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await adminApi.login(password, email.trim());
      onSignedIn();
    } catch (failure) {
      setError(failure instanceof ApiError && failure.message ? failure.message : copy.api.invalid);
      const retryAfter = failure instanceof ApiError && failure.status === 429 ? Number(failure.fields.retryAfterSeconds) : NaN;
      if (Number.isFinite(retryAfter)) setLockedUntil(Date.now() + retryAfter * 1000);
      setPassword('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="mx-auto flex min-h-dvh max-w-sm flex-col justify-center px-5 py-10">
      <h1 className="text-2xl font-black text-white">{copy.login.title}</h1>
      <form onSubmit={submit} className="mt-6 space-y-4 rounded-2xl border border-line bg-ink-850 p-5">
        <div>
          <label htmlFor={`${id}-email`} className="block text-sm font-semibold text-slate-200">
            {consoleUsers.login.email}
          </label>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="username"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-describedby={`${id}-email-hint`}
            className="mt-1.5 block min-h-11 w-full rounded-xl border border-line bg-ink-900 px-3 text-white"
          />
          <p id={`${id}-email-hint`} className="mt-1 text-xs text-slate-400">
            {consoleUsers.login.emailHint}
          </p>
        </div>
        <div>
          <label htmlFor={`${id}-password`} className="block text-sm font-semibold text-slate-200">
            {copy.login.password}
          </label>
          <input
            id={`${id}-password`}
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            className="mt-1.5 block min-h-11 w-full rounded-xl border border-line bg-ink-900 px-3 text-white"
          />
        </div>
        {error ? <Alert variant="destructive">{error}</Alert> : null}
        <Button type="submit" block disabled={busy || lockedUntil !== null}>
          {busy ? copy.login.submitting : copy.login.submit}
        </Button>
        <p className="text-xs text-slate-400">{copy.login.hint}</p>
      </form>
    </main>
  );
}
