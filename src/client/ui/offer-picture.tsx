import { imageSrc, imageSrcSet, parseImageRef } from '../../shared/offer-image.ts';

/**
 * The column's whole width at the upload's proportions. Inline, not classes: the first screen's own
 * stylesheet is cut to the classes the build's page uses, and the build's page has no image, so a
 * class here would arrive only with the rest of the stylesheet and the box would shift.
 */
export const FLUID_IMAGE = { display: 'block', width: '100%', height: 'auto' } as const;

/**
 * The hero's photo, cut (object-fit: cover) to the height the first screen has left, so that the
 * price and the buy button stay in it at 390 × 844 and 1366 × 900 whatever the photo's shape:
 * 49rem is the rest of the hero with its default words (tests/e2e/hero-photo.spec.ts measures it).
 * `svh`, the screen with the browser's bars shown; a browser without it shows the whole photo.
 */
export const HERO_IMAGE = { ...FLUID_IMAGE, maxHeight: 'max(3.5rem, 100svh - 49rem)', objectFit: 'cover' } as const;

/** The hero's and the pre-sell's column, less the page's padding: what `sizes` tells the browser. */
export const COLUMN_SIZES = {
  hero: '(min-width: 808px) 768px, calc(100vw - 40px)',
  presell: '(min-width: 616px) 576px, calc(100vw - 40px)',
} as const;

/**
 * An image the seller uploaded (shared/offer-image.ts): AVIF where the browser takes it, WebP
 * otherwise, its width and height printed so its box is kept before it loads (nothing shifts). It
 * under a headline is the first screen's largest paint: loaded at once, at high priority, and
 * preloaded from the head (entry-server.tsx).
 */
export function OfferPicture({
  section,
  sizes,
  className,
  style,
  priority = true,
}: {
  /** The section's edited values; none (the content files) or no image: nothing is printed. */
  section: { image: string; imageAlt: string } | undefined;
  sizes: string;
  className?: string;
  style?: typeof FLUID_IMAGE | typeof HERO_IMAGE;
  /** The first screen's image; one further down (a bonus's) loads as it nears the viewport. */
  priority?: boolean;
}) {
  const image = section && parseImageRef(section.image);
  if (!section || !image) return null;
  return (
    <picture>
      <source type="image/avif" srcSet={imageSrcSet(image, 'avif')} sizes={sizes} />
      <img
        src={imageSrc(image)}
        srcSet={imageSrcSet(image, 'webp')}
        sizes={sizes}
        alt={section.imageAlt}
        width={image.width}
        height={image.height}
        {...(priority ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
        decoding="async"
        className={className}
        style={style}
      />
    </picture>
  );
}
