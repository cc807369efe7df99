import { cva } from 'class-variance-authority';
import { CircleAlert, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from './cn.ts';

const alertVariants = cva('flex items-start gap-2.5 rounded-xl border px-3.5 py-3 text-sm font-medium', {
  variants: {
    variant: {
      destructive: 'border-danger/50 bg-danger/10 text-red-200',
      success: 'border-brand-500/50 bg-brand-faint text-brand-100',
    },
  },
});

const iconVariants = cva('mt-0.5 size-4 shrink-0', {
  variants: { variant: { destructive: 'text-danger', success: 'text-brand-400' } },
});

type AlertVariant = 'destructive' | 'success';
const icons = { destructive: CircleAlert, success: CircleCheck } as const;

/** An announced message box: errors interrupt (role=alert), successes are polite (role=status). */
export function Alert({ variant, children, className }: { variant: AlertVariant; children: ReactNode; className?: string }) {
  const Icon = icons[variant];
  return (
    <div role={variant === 'destructive' ? 'alert' : 'status'} className={cn(alertVariants({ variant }), className)}>
      <Icon aria-hidden="true" className={iconVariants({ variant })} />
      <div>{children}</div>
    </div>
  );
}
