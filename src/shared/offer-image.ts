/** Reference `<hash>.<width>x<height>` (docs/editing.md#images): URLs and box without a database read. */

/** The widths the page asks for (a phone at 1x–3x, the desktop column); none wider than the upload. */
export const IMAGE_WIDTHS = [480, 960, 1440] as const;
/** Preferred first: AVIF where the browser takes it, WebP everywhere else (`<img>`'s own source). */
export const IMAGE_FORMATS = ['avif', 'webp'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** A phone's full-resolution photo (a 50 MP JPEG is 12–20 MB); the console's routes take nothing before sign-in. */
export const IMAGE_MAX_BYTES = 25 * 1024 * 1024;
export const IMAGE_PATH = '/media/';

/** `@x,y`, the focus in whole percent, only once the seller has tapped one. */
const REF = /^([0-9a-f]{20})\.(\d{1,5})x(\d{1,5})(?:@(\d{1,3}),(\d{1,3}))?$/;
const FILE = /^([0-9a-f]{20})-(\d{1,5})\.(avif|webp)$/;

/** The point the seller tapped on the photo, in percent of its width and height from its top left corner. */
export interface ImageFocus {
  x: number;
  y: number;
}

export interface OfferImage {
  hash: string;
  width: number;
  height: number;
  /** Kept in view wherever a box cuts the photo; the centre until the seller picks one. */
  focus?: ImageFocus;
}

export const imageRef = (image: OfferImage) =>
  `${image.hash}.${image.width}x${image.height}${image.focus ? `@${image.focus.x},${image.focus.y}` : ''}`;

export function parseImageRef(ref: string): OfferImage | undefined {
  const match = REF.exec(ref);
  if (!match) return undefined;
  const width = Number(match[2]);
  const height = Number(match[3]);
  if (!(width > 0 && height > 0)) return undefined;
  if (match[4] === undefined) return { hash: match[1]!, width, height };
  const focus = { x: Number(match[4]), y: Number(match[5]) };
  return focus.x <= 100 && focus.y <= 100 ? { hash: match[1]!, width, height, focus } : undefined;
}

/** The reference with the focus the seller tapped, each coordinate rounded and held within the photo. */
export function withImageFocus(ref: string, focus: ImageFocus): string {
  const image = parseImageRef(ref);
  const percent = (value: number) => Math.min(100, Math.max(0, Math.round(value)));
  return image ? imageRef({ ...image, focus: { x: percent(focus.x), y: percent(focus.y) } }) : ref;
}

/**
 * The focus as CSS `object-position`: `x% y%` lines the photo's point at x%, y% up with the box's own x%, y%, so
 * a cover crop of any shape keeps it in view. None without a focus (the centre, the browser's default).
 */
export const imageObjectPosition = (image: OfferImage) => (image.focus ? `${image.focus.x}% ${image.focus.y}%` : undefined);

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
