import * as AccordionPrimitive from '@radix-ui/react-accordion';
import { ChevronDown } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from './cn.ts';

/** Radix accordion, shadcn anatomy: buttons with aria-expanded, regions labelled by their question. */
export const Accordion = AccordionPrimitive.Root;

export function AccordionItem({ className, ...props }: ComponentProps<typeof AccordionPrimitive.Item>) {
  return (
    <AccordionPrimitive.Item
      className={cn('rounded-2xl border border-line bg-ink-850/70 transition-colors data-[state=open]:border-brand-500/40', className)}
      {...props}
    />
  );
}

export function AccordionTrigger({ className, children, ...props }: ComponentProps<typeof AccordionPrimitive.Trigger>) {
  return (
    <AccordionPrimitive.Header className="flex">
      <AccordionPrimitive.Trigger
        className={cn(
          'group flex min-h-14 flex-1 items-center justify-between gap-4 rounded-2xl px-4 py-3 text-left font-bold text-white sm:px-5',
          className,
        )}
        {...props}
      >
        {children}
        <ChevronDown
          aria-hidden="true"
          className="size-5 shrink-0 text-brand-400 transition-transform duration-200 group-data-[state=open]:rotate-180"
        />
      </AccordionPrimitive.Trigger>
    </AccordionPrimitive.Header>
  );
}

export function AccordionContent({ className, children, ...props }: ComponentProps<typeof AccordionPrimitive.Content>) {
  return (
    <AccordionPrimitive.Content
      className="overflow-hidden text-sm text-slate-300 data-[state=open]:animate-[fade-in_200ms_ease-out]"
      {...props}
    >
      <div className={cn('px-4 pb-4 leading-relaxed sm:px-5', className)}>{children}</div>
    </AccordionPrimitive.Content>
  );
}

/** The same item as `<details>`: it opens with no script, for the console's preview, which runs none (lib/preview.tsx). */
export function StaticAccordionItem({ question, children }: { question: string; children: ReactNode }) {
  return (
    <details className="group rounded-2xl border border-line bg-ink-850/70 open:border-brand-500/40">
      <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-4 py-3 text-left font-bold text-white sm:px-5">
        {question}
        <ChevronDown aria-hidden="true" className="size-5 shrink-0 text-brand-400 group-open:rotate-180" />
      </summary>
      <div className="px-4 pb-4 text-sm leading-relaxed text-slate-300 sm:px-5">{children}</div>
    </details>
  );
}
