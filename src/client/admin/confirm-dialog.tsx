import { useState, type ReactNode } from 'react';
import { admin as copy } from '../../content/admin.ts';
import { ApiError } from '../lib/api.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';

/** Every console action asks first; the server's refusal is shown inside the dialog. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  body,
  children,
  onConfirm,
  onCancel,
  danger,
  confirmDisabled,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  body: ReactNode;
  children?: ReactNode;
  /** `false`: the form inside refused what was typed and says why; the dialog stays open. */
  onConfirm: () => Promise<void | false>;
  /** "Cancelar" only (not Esc, the X or a tap outside): a form whose draft outlives a close forgets it here. */
  onCancel?: () => void;
  danger?: boolean;
  /** Keeps "Confirmar" off until the seller has typed what an irreversible action asks for. */
  confirmDisabled?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      if ((await onConfirm()) !== false) onOpenChange(false);
    } catch (failure) {
      setError(failure instanceof ApiError && failure.message ? failure.message : copy.api.invalid);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} closeLabel={copy.detail.confirm.close}>
      <div className="mt-3 space-y-4 text-sm text-slate-300">
        <p>{body}</p>
        {children}
        {error ? <Alert variant="destructive">{error}</Alert> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            variant="secondary"
            onClick={() => {
              onCancel?.();
              onOpenChange(false);
            }}
          >
            {copy.detail.confirm.cancel}
          </Button>
          <Button variant={danger ? 'danger' : 'cta'} disabled={busy || confirmDisabled} onClick={() => void confirm()}>
            {copy.detail.confirm.ok}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
