import { site } from '../../content/site.ts';
import { imageFile, imageWidths, IMAGE_PATH, parseImageRef } from '../../shared/offer-image.ts';
import { cn } from './cn.ts';

/**
 * The seller's uploaded logo, at most 40 px high (32 once the header is compact) and 11rem wide, so the
 * header keeps its height and the hero its first screen. Inline, as the hero's photo: the first screen's
 * stylesheet is cut to the build's page, which has no logo image.
 */
const logoStyle = (compact: boolean) =>
  ({
    display: 'block',
    height: compact ? '2rem' : '2.5rem',
    width: 'auto',
    maxWidth: '11rem',
    objectFit: 'contain',
    objectPosition: 'left',
  }) as const;

/** The brand mark: the seller's logo (`image`, named by the shop's name), or a monogram tile and the name. `compact` shrinks it (header once scrolled). */
export function Logo({ compact = false, image = '' }: { compact?: boolean; image?: string }) {
  const logo = parseImageRef(image);
  if (logo)
    return (
      // One file, the narrowest stored (480 px at most): three times the 11rem it may take.
      <img
        src={`${IMAGE_PATH}${imageFile(logo.hash, imageWidths(logo.width)[0]!, 'webp')}`}
        alt={site.brandName}
        width={logo.width}
        height={logo.height}
        decoding="async"
        style={logoStyle(compact)}
      />
    );
  return (
    <span className="flex items-center gap-2.5">
      <span
        aria-hidden="true"
        className={cn(
          'grid place-items-center rounded-xl bg-logo font-black text-white shadow-cta transition-all duration-300',
          compact ? 'size-8 text-xs' : 'size-10 text-sm',
        )}
      >
        {site.brandShort}
      </span>
      <span
        className={cn(
          'leading-none font-extrabold tracking-tight text-white transition-all duration-300',
          compact ? 'text-base' : 'text-lg',
        )}
      >
        {site.brandName}
      </span>
    </span>
  );
}
