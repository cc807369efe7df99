import { cva, type VariantProps } from 'class-variance-authority';
import type { ButtonHTMLAttributes } from 'react';
import { cn } from './cn.ts';

export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 rounded-xl transition duration-150 disabled:cursor-not-allowed disabled:opacity-60',
  {
    variants: {
      variant: {
        /** The buy call: the page's one loud colour. */
        cta: 'bg-gradient-to-b from-brand-500 to-brand-600 font-extrabold tracking-wide text-white uppercase shadow-cta hover:from-brand-400 hover:to-brand-500 active:translate-y-px',
        secondary: 'border border-line bg-ink-800 font-semibold text-slate-100 hover:bg-ink-700',
        /** What cannot be undone (the console's revoke, refund and erase). */
        danger: 'border border-danger/60 bg-ink-800 font-semibold text-red-200 hover:bg-danger/15',
        ghost: 'text-slate-300 underline-offset-4 hover:text-white hover:underline',
      },
      size: {
        md: 'min-h-11 px-5 text-sm',
        lg: 'min-h-14 px-6 text-base sm:text-lg',
        /** The pre-sell page's one answer: the same large label on every width. */
        xl: 'min-h-14 px-6 text-xl',
      },
      block: { true: 'w-full' },
    },
    defaultVariants: { variant: 'cta', size: 'md' },
  },
);

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, VariantProps<typeof buttonVariants> {}

export function Button({ variant, size, block, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={cn(buttonVariants({ variant, size, block }), className)} {...props} />;
}
