import { X } from 'lucide-react';
import { useId, useLayoutEffect, useRef, type ReactNode, type SyntheticEvent } from 'react';

/**
 * A native `<dialog>` (the checkout): unlike the Radix dialog (ui/dialog.tsx) it is in the document
 * before it opens, so the landing page prerenders it and its buy buttons open it before any of its
 * code has run (lib/checkout-opener.ts). The browser does what Radix did in script: the rest of the
 * page is inert while it is open (focus stays inside), Escape or a tap outside closes it
 * (`closedby="any"`), focus goes back to the opener, the page does not scroll under it (styles.css),
 * and it is announced as a modal dialog labelled by its title.
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
    // Escape or a tap outside (`closedby`): the owner closes it, so its state and the element agree.
    event.preventDefault();
    onOpenChange(false);
  };
  return (
    <>
      {/* eslint-disable-next-line jsx-a11y/no-redundant-roles -- spelled out for what looks for `[role="dialog"]`, as with the Radix dialog */}
      <dialog
        ref={dialog}
        id={id}
        role="dialog"
        aria-modal="true"
        closedby="any"
        aria-labelledby={titleId}
        aria-busy={busy || undefined}
        {...(maskInReplays ? { 'data-clarity-mask': 'true' } : {})}
        // Its rules come with the rest of the stylesheet: opened before that is in, it shows once it is (styles.css).
        data-later-styles=""
        onCancel={close}
        onClose={() => {
          if (open) onOpenChange(false);
        }}
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
      {/* The backdrop of the dialog the buy tap opens (styles.css, `.modal-shade`). */}
      <div className="modal-shade" />
    </>
  );
}
