import { Star } from 'lucide-react';
import { cn } from './cn.ts';

/** A rating shown as five stars, the chosen ones filled; read as one image named `label` ("Nota 4 de 5"). */
export function Stars({ rating, label, className }: { rating: number; label: string; className?: string }) {
  return (
    <p className={cn('flex gap-0.5', className)} role="img" aria-label={label}>
      {[1, 2, 3, 4, 5].map((stars) => (
        <Star key={stars} aria-hidden="true" className={stars <= rating ? 'size-4 fill-gold-400 text-gold-400' : 'size-4 text-slate-600'} />
      ))}
    </p>
  );
}
