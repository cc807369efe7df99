import { useId, useState } from 'react';
import { disputesConsole as text } from '../../../content/disputes.ts';
import type { AdminDisputeBlock } from '../../../shared/disputes.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { adminApi } from '../admin-api.ts';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import { formatDateTime } from '../format.ts';

/** "Bloqueios após contestação perdida": the buyer's blocked details (hashes only: the kind and the order), each undone by hand. */
export function DisputeBlocks({ blocks, onChanged }: { blocks: AdminDisputeBlock[]; onChanged: () => Promise<void> }) {
  const [removing, setRemoving] = useState<AdminDisputeBlock | null>(null);
  const [removed, setRemoved] = useState(false);
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-line bg-ink-850 p-4">
      <h3 id={id} className="text-base font-extrabold text-white">
        {text.blocksTitle}
      </h3>
      <p className="mt-1 text-sm text-slate-300">{text.blocksIntro}</p>
      <div aria-live="polite">
        {removed ? (
          <Alert variant="success" className="mt-3">
            {text.removed}
          </Alert>
        ) : null}
      </div>
      {blocks.length === 0 ? (
        <p className="mt-3 text-sm text-slate-400">{text.blocksEmpty}</p>
      ) : (
        <ul aria-label={text.blocksTitle} className="mt-3 divide-y divide-line overflow-hidden rounded-xl border border-line">
          {blocks.map((block) => (
            <li key={block.id} className="flex items-center justify-between gap-3 px-3 py-2.5 text-sm">
              <span className="min-w-0">
                <span className="block font-semibold break-all text-white">
                  {text.blockKinds[block.kind]} · {text.orderRef(block.orderRef)}
                </span>
                <span className="block text-xs text-slate-400">{text.blockedAt(formatDateTime(block.createdAt))}</span>
              </span>
              <Button variant="secondary" className="shrink-0" onClick={() => setRemoving(block)}>
                {text.removeBlock}
                <span className="sr-only">
                  {' '}
                  {text.blockKinds[block.kind]} {text.orderRef(block.orderRef)}
                </span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {removing ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => setRemoving(open ? removing : null)}
          title={text.removeConfirm.title}
          body={`${text.blockKinds[removing.kind]} · ${text.orderRef(removing.orderRef)}. ${text.removeConfirm.body}`}
          onConfirm={async () => {
            await adminApi.removeDisputeBlock(removing.id);
            setRemoved(true);
            await onChanged();
          }}
        />
      ) : null}
    </section>
  );
}
