import { useId } from 'react';
import { disputesConsole as text } from '../../../content/disputes.ts';
import type { AdminOverview } from '../../../shared/admin.ts';
import { timeLeft } from './dispute-view.ts';
import { formatBRL, formatDateTime } from '../format.ts';
import { useNow } from '../use-admin-data.ts';

const TICK_MS = 30_000;

/** Visão geral's open disputes, the nearest deadline first, with the time left and a link to Contestações. */
export function OpenDisputes({ disputes, onShow }: { disputes: AdminOverview['openDisputes']; onShow: () => void }) {
  const now = useNow(TICK_MS);
  const id = useId();
  if (disputes.length === 0) return null;
  return (
    <section aria-labelledby={id} className="rounded-xl border border-gold-400/40 bg-gold-400/10 px-3.5 py-3 text-sm text-gold-300">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 id={id} className="font-extrabold">
          {text.overviewTitle}
        </h2>
        <a
          href="#contestacoes"
          onClick={(event) => {
            event.preventDefault();
            onShow();
          }}
          className="font-semibold text-white underline underline-offset-4"
        >
          {text.overviewLink}
        </a>
      </div>
      <ul className="mt-2 space-y-1.5">
        {disputes.map((dispute) => {
          const left = timeLeft(dispute.defenceDueAt, now);
          return (
            <li key={dispute.id} className="flex flex-wrap justify-between gap-x-3">
              <span className="font-medium break-all text-white">{text.overviewRow(dispute.orderRef, formatBRL(dispute.amountCents))}</span>
              <span className={left?.urgent ? 'font-bold' : undefined}>
                {dispute.defenceDueAt === null ? text.noDeadline : `${left?.text ?? ''} (${formatDateTime(dispute.defenceDueAt)})`}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
