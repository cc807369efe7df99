import { MessageCircle, Send } from 'lucide-react';
import { members as copy } from '../../content/members.ts';
import { cn } from '../ui/cn.ts';
import type { MemberSupplier } from './access-api.ts';

const contactLink =
  'inline-flex min-h-11 items-center gap-2 rounded-xl px-4 text-sm font-bold transition duration-150 active:translate-y-px';

/** One supplier: what they sell and how to reach them. Contacts open outside the page. */
export function SupplierCard({ supplier }: { supplier: MemberSupplier }) {
  const whatsappDigits = supplier.whatsapp?.replace(/\D/g, '');
  return (
    <li className="rounded-2xl border border-line bg-ink-850/80 p-4 shadow-lg shadow-black/20">
      <h3 className="text-lg leading-snug font-bold text-white">{supplier.name}</h3>
      {supplier.offer ? <p className="mt-1 text-sm text-pretty text-slate-300">{supplier.offer}</p> : null}
      {supplier.notes ? <p className="mt-1 text-xs text-pretty text-slate-400">{supplier.notes}</p> : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {whatsappDigits ? (
          <a
            href={`https://wa.me/${whatsappDigits}`}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={copy.contact.whatsappLabel(supplier.name)}
            className={cn(contactLink, 'bg-brand-700 text-white hover:bg-brand-600')}
          >
            <MessageCircle aria-hidden="true" className="size-4" />
            {copy.contact.whatsapp}
          </a>
        ) : null}
        {supplier.telegram ? (
          <a
            href={supplier.telegram}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={copy.contact.telegramLabel(supplier.name)}
            className={cn(contactLink, 'border border-sky-400/40 bg-sky-500/10 text-sky-300 hover:bg-sky-500/20')}
          >
            <Send aria-hidden="true" className="size-4" />
            {copy.contact.telegram}
          </a>
        ) : null}
      </div>
    </li>
  );
}
