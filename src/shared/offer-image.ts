/** Reference `<hash>.<width>x<height>` (docs/editing.md#images): URLs and box without a database read. */

/** The widths the page asks for (a phone at 1x–3x, the desktop column); none wider than the upload. */
export const IMAGE_WIDTHS = [480, 960, 1440] as const;
/** Preferred first: AVIF where the browser takes it, WebP everywhere else (`<img>`'s own source). */
export const IMAGE_FORMATS = ['avif', 'webp'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** A phone's full-resolution photo (a 50 MP JPEG is 12–20 MB); the console's routes take nothing before sign-in. */
export const IMAGE_MAX_BYTES = 25 * 1024 * 1024;
export const IMAGE_PATH = '/media/';

const REF = /^([0-9a-f]{20})\.(\d{1,5})x(\d{1,5})$/;
const FILE = /^([0-9a-f]{20})-(\d{1,5})\.(avif|webp)$/;

export interface OfferImage {
  hash: string;
  width: number;
  height: number;
}

export const imageRef = (image: OfferImage) => `${image.hash}.${image.width}x${image.height}`;

export function parseImageRef(ref: string): OfferImage | undefined {
  const match = REF.exec(ref);
  if (!match) return undefined;
  const width = Number(match[2]);
  const height = Number(match[3]);
  return width > 0 && height > 0 ? { hash: match[1]!, width, height } : undefined;
}

/** The widths stored for an upload `width` wide: those it covers, and its own when narrower than the largest. */
export function imageWidths(width: number): number[] {
  const widths: number[] = IMAGE_WIDTHS.filter((each) => each < width);
  if (width <= IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!) widths.push(width);
  return widths.length > 0 ? widths : [IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!];
}

/** A stored variant's file name; the hash is the upload's, so the URL changes whenever the image does. */
export const imageFile = (hash: string, width: number, format: ImageFormat) => `${hash}-${width}.${format}`;

export function parseImageFile(name: string): { hash: string; width: number; format: ImageFormat } | undefined {
  const match = FILE.exec(name);
  return match ? { hash: match[1]!, width: Number(match[2]), format: match[3] as ImageFormat } : undefined;
}

export function imageSrcSet(image: OfferImage, format: ImageFormat): string {
  return imageWidths(image.width)
    .map((width) => `${IMAGE_PATH}${imageFile(image.hash, width, format)} ${width}w`)
    .join(', ');
}

/** The fallback `src`: the narrowest WebP that fills a phone. */
export function imageSrc(image: OfferImage): string {
  const widths = imageWidths(image.width);
  return `${IMAGE_PATH}${imageFile(image.hash, widths[Math.min(1, widths.length - 1)]!, 'webp')}`;
}

/** Preloads the AVIF set as `<picture>` picks it, before layout. */
export function imagePreload(image: OfferImage, sizes: string): string {
  return `<link rel="preload" as="image" type="image/avif" fetchpriority="high" imagesrcset="${imageSrcSet(image, 'avif')}" imagesizes="${sizes}" />`;
}
