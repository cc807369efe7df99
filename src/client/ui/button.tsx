import { cva, type VariantProps } from 'class-variance-authority';
import type { ButtonHTMLAttributes } from 'react';

/** The secondary look, without its weight: shared by `secondary` and `soldOut`. */
const QUIET = 'border border-line bg-ink-800 text-slate-100 hover:bg-ink-700';

/**
 * The buttons' classes. A caller's `className` only adds classes of other kinds (margins, width,
 * flex); a look that replaces a variant's own class is a variant here (`soldOut`, `stacked`). So
 * composing them needs no class merging: the buy buttons hydrated on the landing and pre-sell
 * pages' first load run without tailwind-merge (`cn()`, ≈ 4.5 KB brotli with its config, which the
 * parts loaded later still use). `button.test.ts` checks every variant and every `className` passed
 * to a button in src/client against tailwind-merge, trying every combination of the variants below.
 */
export const buttonVariantClasses = {
  variant: {
    /** The buy call: the page's one loud colour. */
    cta: 'bg-cta font-extrabold tracking-wide text-white uppercase shadow-cta hover:bg-cta-hover active:translate-y-px',
    secondary: `${QUIET} font-semibold`,
    /** A buy call while the month is sold out: the secondary look, its two lines in the buy call's weight. */
    soldOut: `${QUIET} font-extrabold`,
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
  /** After `size`, so that a later font size never reads as undoing the stacked line height. */
  layout: {
    inline: 'gap-2',
    /** Two lines, one under the other (the sold-out label and the date of the next batch). */
    stacked: 'flex-col leading-tight',
  },
  block: { true: 'w-full' },
} as const;

/**
 * Colours fade (a pointer's hover); the buy call's press (`active:translate-y-px`) does not: a
 * transition of `translate` is an animation the tap's own frames then draw, which an emulated slow
 * phone's buy tap paid for in its INP (docs/benchmarks.md).
 */
export const buttonVariants = cva(
  'inline-flex items-center justify-center rounded-xl transition-colors duration-150 disabled:cursor-not-allowed disabled:opacity-60',
  { variants: buttonVariantClasses, defaultVariants: { variant: 'cta', size: 'md', layout: 'inline' } },
);

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, VariantProps<typeof buttonVariants> {}

export function Button({ variant, size, layout, block, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonVariants({ variant, size, layout, block, className })} {...props} />;
}
