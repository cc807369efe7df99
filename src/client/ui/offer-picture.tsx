import type { CSSProperties } from 'react';
import { imageObjectPosition, imageSrc, imageSrcSet, parseImageRef } from '../../shared/offer-image.ts';

/**
 * The column's whole width at the upload's proportions. Inline, not classes: the first screen's own
 * stylesheet is cut to the classes the build's page uses, and the build's page has no image, so a
 * class here would arrive only with the rest of the stylesheet and the box would shift.
 */
export const FLUID_IMAGE = { display: 'block', width: '100%', height: 'auto' } as const;

/**
 * The height the first screen leaves the hero's photo with the price and the buy button still in it at
 * 390 × 844 and 1366 × 900: 43rem is the rest of the hero on a phone with its default words when it has a
 * photo (the countdown then follows the buy button, hero.tsx); from 640 px wide the rest is 2.5rem shorter,
 * which a width step (`clamp()` on `100vw`) could give the photo, but `/` with a logo, a colour and a video
 * has no 25 bytes to spare under its 14 KB. tests/e2e/hero-photo.spec.ts measures it. `svh`, the screen with
 * the browser's bars shown; a browser without it shows the box at 16:9.
 */
// Written without the optional spaces: `/` prints it twice per photo.
const HERO_SPACE = 'max(6rem,100svh - 43rem)';

/**
 * The hero's photo or video poster box: 16:9 across the column where the screen has room; where it has
 * less, no taller than the space left and no wider than 2.4:1 of it, centred, so a laptop's short screen
 * gets a smaller photo rather than a thin strip across the page.
 */
export const HERO_BOX = {
  display: 'block',
  width: '100%',
  aspectRatio: '16/9',
  maxWidth: `calc(${HERO_SPACE}*2.4)`,
  maxHeight: HERO_SPACE,
} as const;

/** The hero's photo in its box, cut (object-fit: cover) to the box rather than squeezed. */
export const HERO_IMAGE = { ...HERO_BOX, height: 'auto', objectFit: 'cover' } as const;

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
  style?: CSSProperties;
  /** The first screen's image; one further down (a bonus's) loads as it nears the viewport. */
  priority?: boolean;
}) {
  const image = section && parseImageRef(section.image);
  if (!section || !image) return null;
  // The seller's focus stays in view wherever the box cuts the photo (the hero's band, the video's poster).
  const position = imageObjectPosition(image);
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
        style={position ? { ...style, objectPosition: position } : style}
      />
    </picture>
  );
}
