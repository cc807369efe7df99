import { FingerprintPattern } from 'lucide-react';
import { useEffect, useState } from 'react';
import { bankLink as copy } from '../../content/bank-link.ts';
import { ApiError, apiFetch } from '../lib/api.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { cn } from '../ui/cn.ts';

type Ended = 'revoked' | 'expired';
/** As the bank has it: ended there, still to approve there, or not confirmed right now; absent, active. */
interface Shown {
  bank: string;
  ended?: Ended;
  state?: 'pending' | 'unconfirmed';
}
type State = { kind: 'none' } | ({ kind: 'linked' } & Shown) | ({ kind: 'removing' } & Shown) | { kind: 'removed' };

function lineOf(shown: Shown): string {
  if (shown.ended) return copy.member.ended[shown.ended](shown.bank);
  if (shown.state) return copy.member[shown.state](shown.bank);
  return copy.member.linked(shown.bank);
}

/**
 * The buyer's JSR vínculo (docs/payments.md#jsr-the-add-on-in-one-tap), when they have one: which bank, and
 * "Remover vínculo", which revokes it at Efí. Nothing shows without one.
 */
export function BankLinkLine({ className }: { className?: string }) {
  const [state, setState] = useState<State>({ kind: 'none' });
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    apiFetch('GET /api/access/vinculo')
      .then(({ bank, ended, state }) => {
        if (live && bank) setState({ kind: 'linked', bank, ...(ended ? { ended } : {}), ...(state ? { state } : {}) });
      })
      // A line that could not load is left out: the rest of the page does not depend on it.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  if (state.kind === 'none') return null;
  const remove = async (shown: Shown) => {
    setState({ ...shown, kind: 'removing' });
    setError(null);
    try {
      await apiFetch('POST /api/access/vinculo/remover');
      setState({ kind: 'removed' });
    } catch (failure) {
      setError(failure instanceof ApiError && failure.message ? failure.message : copy.api.notRemoved);
      setState({ ...shown, kind: 'linked' });
    }
  };
  return (
    <section aria-labelledby="bank-link-member-title" className={cn('rounded-2xl border border-line bg-ink-850/80 p-5', className)}>
      <h2 id="bank-link-member-title" className="flex items-center gap-2 text-lg font-extrabold text-white">
        <FingerprintPattern aria-hidden="true" className="size-5 shrink-0 text-brand-400" />
        {copy.member.title}
      </h2>
      {state.kind === 'removed' ? (
        <p role="status" className="mt-2 text-sm text-slate-300">
          {copy.member.removed}
        </p>
      ) : (
        <>
          <p className="mt-2 text-sm text-pretty text-slate-300">{lineOf(state)}</p>
          {error ? (
            <Alert variant="destructive" className="mt-3">
              {error}
            </Alert>
          ) : null}
          <Button
            variant="secondary"
            className="mt-4"
            onClick={() => void remove(state)}
            disabled={state.kind === 'removing'}
            aria-busy={state.kind === 'removing' || undefined}
          >
            {state.kind === 'removing' ? copy.member.removing : copy.member.remove}
          </Button>
        </>
      )}
    </section>
  );
}
