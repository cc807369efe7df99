import { site } from '../../content/site.ts';
import { cn } from './cn.ts';

/** The brand mark: a monogram tile and the name. `compact` shrinks it (header once scrolled). */
export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <span className="flex items-center gap-2.5">
      <span
        aria-hidden="true"
        className={cn(
          'grid place-items-center rounded-xl bg-gradient-to-br from-brand-400 to-brand-700 font-black text-white shadow-cta transition-all duration-300',
          compact ? 'size-8 text-xs' : 'size-10 text-sm',
        )}
      >
        {site.brandShort}
      </span>
      <span
        className={cn(
          'leading-none font-extrabold tracking-tight text-white transition-all duration-300',
          compact ? 'text-base' : 'text-lg',
        )}
      >
        {site.brandName}
      </span>
    </span>
  );
}
