import type { CatalogueApp } from '../../content/catalogue.ts';
import { cn } from './cn.ts';
import { LazyImage } from './lazy-image.tsx';

type IconSource = Pick<CatalogueApp, 'brandColor' | 'monogram' | 'monogramTextColor' | 'iconUrl'>;

/**
 * An app's icon: the seller's image when one is set (lazy, see LazyImage), else a local SVG
 * monogram on the brand colour (its type set once in styles.css, `.app-icon`) — no hotlinked brand
 * logos. Decorative: the name is always beside it.
 */
export function AppIcon({ app, size, className }: { app: IconSource; size: number; className?: string }) {
  if (app.iconUrl) {
    return <LazyImage src={app.iconUrl} alt="" width={size} height={size} className={cn('rounded-[22%]', className)} />;
  }
  const letters = app.monogram.length;
  const fontSize = letters === 1 ? 22 : letters === 2 ? 17 : 13;
  return (
    <svg aria-hidden="true" width={size} height={size} viewBox="0 0 48 48" className={cn('app-icon shrink-0', className)}>
      <rect width="48" height="48" rx="11" fill={app.brandColor} />
      <rect x="0.5" y="0.5" width="47" height="47" rx="10.5" fill="none" stroke="rgb(255 255 255 / 0.14)" />
      <text x="24" y="24" dy="0.35em" fill={app.monogramTextColor} fontSize={fontSize}>
        {app.monogram}
      </text>
    </svg>
  );
}
