import type { ReactNode } from 'react';
import { cn } from './cn.ts';

/** The eyebrow, title and subtitle every landing section opens with: one type scale for all. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  subtitle,
  align = 'center',
  className,
}: {
  /** The h2's id: the section is labelled by it. */
  id: string;
  eyebrow?: ReactNode;
  title: ReactNode;
  subtitle?: ReactNode;
  align?: 'center' | 'left';
  className?: string;
}) {
  return (
    <div className={cn(align === 'center' ? 'mx-auto max-w-2xl text-center' : 'max-w-2xl', className)}>
      {eyebrow ? <p className="text-xs font-bold tracking-[0.2em] text-brand-400 uppercase">{eyebrow}</p> : null}
      <h2 id={id} className="mt-2 text-3xl leading-tight font-black text-balance text-white sm:text-4xl">
        {title}
      </h2>
      {subtitle ? <p className="mt-3 text-base text-pretty text-slate-400 sm:text-lg">{subtitle}</p> : null}
    </div>
  );
}
