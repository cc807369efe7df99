import { X } from 'lucide-react';
import { useId, useLayoutEffect, useRef, type MouseEvent, type ReactNode, type SyntheticEvent } from 'react';

/**
 * A native modal `<dialog>` (the checkout): unlike the Radix dialog (ui/dialog.tsx) it is in the
 * document before it opens, so the landing page prerenders it and opens it with `showModal()`
 * before any of its code has run (lib/checkout-opener.ts). The browser does what Radix did in
 * script: the rest of the page is inert while it is open (focus stays inside), Escape closes it,
 * focus goes back to the opener, the page does not scroll under it (styles.css), and it is
 * announced as a dialog labelled by its title.
 */
export function ModalDialog({
  id,
  open,
  onOpenChange,
  title,
  closeLabel,
  busy = false,
  children,
  maskInReplays = false,
}: {
  id?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  closeLabel: string;
  /** Not live yet: its code is on its way (the prerendered checkout before hydration). */
  busy?: boolean;
  children: ReactNode;
  /** Session replay (Clarity) records none of its text or inputs: buyer data, PIX codes, access links. */
  maskInReplays?: boolean;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const mounted = useRef(false);
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const first = !mounted.current;
    mounted.current = true;
    // A prerendered dialog the page already opened (or closed) before it was live is left as it
    // is at mount: its owner reads `element.open` and follows it.
    if (first && element.open !== open && !open) return;
    if (open && !element.open) element.showModal();
    else if (!open && element.open) element.close();
  }, [open]);

  const close = (event: SyntheticEvent) => {
    // Escape: the owner closes it, so its state and the element agree.
    event.preventDefault();
    onOpenChange(false);
  };
  // A tap on the backdrop (outside the sheet's box) closes it, as the Radix dialog's did.
  const closeFromBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target !== event.currentTarget) return;
    const box = event.currentTarget.getBoundingClientRect();
    const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
    if (!inside) onOpenChange(false);
  };

  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions, jsx-a11y/no-redundant-roles -- the backdrop's click has its keyboard twin in Escape (`onCancel`); the role is spelled out for what looks for `[role="dialog"]`, as with the Radix dialog
    <dialog
      ref={dialog}
      id={id}
      role="dialog"
      aria-labelledby={titleId}
      aria-busy={busy || undefined}
      {...(maskInReplays ? { 'data-clarity-mask': 'true' } : {})}
      onCancel={close}
      onClose={() => {
        if (open) onOpenChange(false);
      }}
      onClick={closeFromBackdrop}
      className="modal-sheet"
    >
      <div className="flex items-start justify-between gap-4">
        <h2 id={titleId} className="text-xl leading-tight font-black text-white">
          {title}
        </h2>
        <button
          type="button"
          // Closes it before its code has run too (the prerendered checkout, lib/checkout-opener.ts).
          {...(id ? { commandfor: id, command: 'close' } : {})}
          aria-label={closeLabel}
          onClick={() => onOpenChange(false)}
          className="-mt-1 -mr-1 grid size-10 shrink-0 place-items-center rounded-full text-slate-400 hover:bg-ink-700 hover:text-white"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
      {children}
    </dialog>
  );
}
