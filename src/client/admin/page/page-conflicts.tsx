import { useId } from 'react';
import { pageDrafts as copy } from '../../../content/page-drafts.ts';
import { Button } from '../../ui/button.tsx';
import { conflictLabel, conflictText, type ConflictSide, type PendingConflict } from './page-drafts.ts';

/**
 * The fields this editor and the one who published before both changed (docs/editing.md#drafts-and-merges): both
 * texts side by side, one to keep, or, for a list's item both changed, "Manter os dois" (`keepBoth`). Every other
 * field was merged already.
 */
export function PageConflicts({
  conflicts,
  keepBoth,
  onPick,
}: {
  conflicts: readonly PendingConflict[];
  keepBoth: (conflict: PendingConflict) => boolean;
  onPick: (conflict: PendingConflict, side: ConflictSide) => void;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-3 rounded-2xl border border-gold-300/60 bg-ink-850 p-4">
      <h3 id={id} className="text-base font-extrabold text-white">
        {copy.conflictsTitle}
      </h3>
      <p className="text-sm text-slate-300">{copy.conflictsIntro}</p>
      <ul className="space-y-4">
        {conflicts.map((conflict) => (
          <li key={conflict.path} className="space-y-2" data-conflict={conflict.path}>
            <p className="text-sm font-bold text-slate-200">{conflictLabel(conflict.path)}</p>
            <div className="grid gap-2 sm:grid-cols-2">
              {(['theirs', 'mine'] as const).map((side) => (
                <div key={side} className="space-y-2 rounded-xl border border-line bg-ink-900 p-3">
                  <p className="text-xs font-bold tracking-wider text-slate-400 uppercase">{side === 'theirs' ? copy.theirs : copy.mine}</p>
                  <p className="text-sm whitespace-pre-line text-white">{conflictText(conflict.path, conflict[side])}</p>
                  <Button
                    variant={conflict.picked === side ? 'cta' : 'secondary'}
                    aria-pressed={conflict.picked === side}
                    onClick={() => onPick(conflict, side)}
                  >
                    {conflict.picked === side ? copy.picked : side === 'theirs' ? copy.keepTheirs : copy.keepMine}
                  </Button>
                </div>
              ))}
            </div>
            {keepBoth(conflict) ? (
              <div className="flex flex-wrap items-center gap-2">
                <Button
                  variant={conflict.picked === 'both' ? 'cta' : 'secondary'}
                  aria-pressed={conflict.picked === 'both'}
                  onClick={() => onPick(conflict, 'both')}
                >
                  {conflict.picked === 'both' ? copy.picked : copy.keepBoth}
                </Button>
                <p className="text-xs text-slate-400">{copy.keepBothHint}</p>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
