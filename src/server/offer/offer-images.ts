import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import sharp, { type Metadata } from 'sharp';
import type { Database } from '../db/schema.ts';
import { imageFile, imageRef, imageWidths, IMAGE_FORMATS, type ImageFormat, type OfferImage } from '../../shared/offer-image.ts';

/** Narrower than a phone's column, a photo would be blown up and blurred on the page. */
export const MIN_IMAGE_WIDTH = 320;
/** Decoding is bounded by pixels, not bytes: a small PNG can claim a huge canvas (a decompression bomb). */
const MAX_INPUT_PIXELS = 40_000_000;

const CONTENT_TYPES: Record<ImageFormat, string> = { avif: 'image/avif', webp: 'image/webp' };

export type UploadResult =
  { kind: 'stored'; ref: string; image: OfferImage } | { kind: 'type' } | { kind: 'unreadable' } | { kind: 'too_small' };

/** By the first bytes, never the name or type: anything but JPEG, PNG, WebP never reaches the decoder. */
export function sniffImage(bytes: Uint8Array): 'jpeg' | 'png' | 'webp' | undefined {
  const starts = (offset: number, signature: readonly number[]) => signature.every((byte, at) => bytes[offset + at] === byte);
  if (starts(0, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts(0, [0x52, 0x49, 0x46, 0x46]) && starts(8, [0x57, 0x45, 0x42, 0x50])) return 'webp';
  return undefined;
}

async function encode(input: Uint8Array, width: number, format: ImageFormat): Promise<Buffer> {
  // sharp writes no metadata unless asked (withMetadata/withExif): EXIF, GPS, XMP and comments stay behind.
  const resized = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).rotate().resize({ width, withoutEnlargement: true });
  return format === 'avif' ? resized.avif({ quality: 55, effort: 3 }).toBuffer() : resized.webp({ quality: 78 }).toBuffer();
}

/** Stored re-encoded (AVIF, WebP) under its hash: the same image twice is stored once. */
export async function storeUpload(
  db: Kysely<Database>,
  input: Uint8Array,
  options: { session: string; now: number },
): Promise<UploadResult> {
  const sniffed = sniffImage(input);
  if (!sniffed) return { kind: 'type' };
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    return { kind: 'unreadable' };
  }
  // The decoder must agree with the signature: a PNG header on something else is not a PNG.
  if (metadata.format !== sniffed) return { kind: 'type' };
  // The box the page gives it, as the photo is seen (a phone's portrait photo is stored sideways with an EXIF turn).
  const { width, height } = metadata.autoOrient;
  if (!width || !height) return { kind: 'unreadable' };
  if (width < MIN_IMAGE_WIDTH) return { kind: 'too_small' };

  const hash = createHash('sha256').update(input).digest('hex').slice(0, 20);
  const rows: Array<{ file: string; format: ImageFormat; bytes: Buffer }> = [];
  try {
    for (const each of imageWidths(width)) {
      for (const format of IMAGE_FORMATS)
        rows.push({ file: imageFile(hash, each, format), format, bytes: await encode(input, each, format) });
    }
  } catch {
    return { kind: 'unreadable' };
  }
  for (const row of rows) {
    await db
      .insertInto('page_images')
      .values({
        file: row.file,
        hash,
        content_type: CONTENT_TYPES[row.format],
        bytes: row.bytes,
        created_at: options.now,
        created_by: options.session,
      })
      .onConflict((conflict) => conflict.column('file').doNothing())
      .execute();
  }
  const image = { hash, width, height };
  return { kind: 'stored', ref: imageRef(image), image };
}

/** One stored variant, as the page's URL names it. */
export async function readImage(db: Kysely<Database>, file: string): Promise<{ contentType: string; bytes: Uint8Array } | undefined> {
  const row = await db.selectFrom('page_images').select(['content_type', 'bytes']).where('file', '=', file).executeTakeFirst();
  return row ? { contentType: row.content_type, bytes: row.bytes } : undefined;
}
