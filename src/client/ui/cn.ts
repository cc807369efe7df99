import clsx, { type ClassValue } from 'clsx';
import { createTailwindMerge } from 'tailwind-merge';
import { tailwindMergeConfig } from './tailwind-merge-config.ts';

/**
 * Joins class names, conditional ones included, and lets a later Tailwind class win over an
 * earlier one of the same kind (`cn('gap-2', 'gap-0')` → `gap-0`): a `className` passed to a
 * component overrides its base classes. tailwind-merge with its config trimmed to the class groups
 * we use (scripts/tailwind-merge-config.ts says why).
 */
const twMerge = createTailwindMerge(() => tailwindMergeConfig);

export function cn(...values: ClassValue[]): string {
  return twMerge(clsx(values));
}
