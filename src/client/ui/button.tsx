import type { ButtonHTMLAttributes } from 'react';
import { cn } from './cn.ts';

const variants = {
  /** The buy call: the page's one loud colour. */
  cta: 'bg-gradient-to-b from-brand-500 to-brand-600 text-white font-extrabold uppercase tracking-wide shadow-cta hover:from-brand-400 hover:to-brand-500 active:translate-y-px',
  secondary: 'border border-line bg-ink-800 text-slate-100 font-semibold hover:bg-ink-700',
  ghost: 'text-slate-300 hover:text-white underline-offset-4 hover:underline',
} as const;

const sizes = {
  md: 'min-h-11 px-5 text-sm',
  lg: 'min-h-14 px-6 text-base sm:text-lg',
} as const;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  block?: boolean;
}

export function Button({ variant = 'cta', size = 'md', block, className, type = 'button', ...props }: ButtonProps) {
  return (
    <button
      type={type}
      className={cn(
        'inline-flex items-center justify-center gap-2 rounded-xl transition duration-150 disabled:cursor-not-allowed disabled:opacity-60',
        variants[variant],
        sizes[size],
        block && 'w-full',
        className,
      )}
      {...props}
    />
  );
}
