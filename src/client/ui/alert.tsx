import { CircleAlert, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from './cn.ts';

const variants = {
  destructive: { box: 'border-danger/50 bg-danger/10 text-red-200', Icon: CircleAlert, icon: 'text-danger' },
  success: { box: 'border-brand-500/50 bg-brand-500/10 text-brand-100', Icon: CircleCheck, icon: 'text-brand-400' },
} as const;

/** An announced message box: errors interrupt (role=alert), successes are polite (role=status). */
export function Alert({ variant, children, className }: { variant: keyof typeof variants; children: ReactNode; className?: string }) {
  const { box, Icon, icon } = variants[variant];
  return (
    <div
      role={variant === 'destructive' ? 'alert' : 'status'}
      className={cn('flex items-start gap-2.5 rounded-xl border px-3.5 py-3 text-sm font-medium', box, className)}
    >
      <Icon aria-hidden="true" className={cn('mt-0.5 size-4 shrink-0', icon)} />
      <div>{children}</div>
    </div>
  );
}
