import { affiliateTerms } from '../../content/affiliates.ts';
import { cn } from '../ui/cn.ts';

/** The terms an affiliate accepts, as /afiliados and /afiliado show them (their version is stored with the acceptance). */
export function AffiliateTermsList({ className }: { className?: string }) {
  return (
    <ol className={cn('list-decimal space-y-2 pl-5 text-sm leading-relaxed text-pretty text-slate-300', className)}>
      {affiliateTerms.items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ol>
  );
}
