import { useState } from 'react';
import { disputeRefundGuard as text } from '../../../content/disputes.ts';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import { isDisputeOpenRefusal } from './dispute-view.ts';

type GuardedAction = keyof typeof text.confirmAgain;

interface Pending {
  open: boolean;
  action: GuardedAction;
  /** The server's warning, as it wrote it. */
  message: string;
  resend: () => Promise<void>;
}

/**
 * "Reembolsar" and "Marcar como reembolsado" while a dispute is open (docs/disputes.md#never-twice): the
 * server answers 409 `dispute_open` with a warning that the MED may return the money too; the console
 * shows it and, on a second confirmation, sends the same call with `confirmDispute`.
 */
export function useDisputeGuard() {
  const [pending, setPending] = useState<Pending | null>(null);

  /** Runs `send(false)`; after the dispute's refusal, the second confirmation runs `send(true)`. Other errors go to the caller. */
  const guard = async (action: GuardedAction, send: (confirmDispute: boolean) => Promise<void>) => {
    try {
      await send(false);
    } catch (error) {
      if (!isDisputeOpenRefusal(error)) throw error;
      setPending({ open: true, action, message: error.message || text.confirmNeeded, resend: () => send(true) });
    }
  };

  const dialog = pending ? (
    <ConfirmDialog
      open={pending.open}
      onOpenChange={(open) => setPending(open ? pending : { ...pending, open: false })}
      title={text.confirmAgain[pending.action]}
      body={pending.message}
      danger
      onConfirm={pending.resend}
    />
  ) : null;

  return { guard, dialog };
}
