import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Metadata, Sharp } from 'sharp';
import type { Database } from '../db/schema.ts';
import {
  imageFile,
  imageRef,
  imageWidths,
  IMAGE_FORMATS,
  IMAGE_WIDTHS,
  type ImageFormat,
  type OfferImage,
} from '../../shared/offer-image.ts';

/** Loaded on the first upload: libvips is about 20 MB of memory a server that never gets one would hold. */
const loadSharp = async () => (await import('sharp')).default;

/** Narrower than a phone's column, a photo would be blown up and blurred on the page. */
export const MIN_IMAGE_WIDTH = 320;
/**
 * Decoding is bounded by pixels, not bytes: a small file can claim a huge canvas (a decompression bomb).
 * Checked from the header, before any pixel is decoded. 110 MP takes a phone's 108 MP mode; sharp
 * shrinks a JPEG or WebP while decoding it, so the pixels held stay a fraction of that.
 */
export const MAX_INPUT_PIXELS = 110_000_000;
/** HEIC is decoded whole, to RGBA in WebAssembly memory: an iPhone's 48 MP "HEIF Max" (8064 × 6048), no more. */
export const MAX_HEIC_PIXELS = 50_000_000;

const CONTENT_TYPES: Record<ImageFormat, string> = { avif: 'image/avif', webp: 'image/webp' };

export type UploadResult =
  | { kind: 'stored'; ref: string; image: OfferImage }
  | { kind: 'type' }
  | { kind: 'gif' }
  | { kind: 'unreadable' }
  | { kind: 'too_small' }
  | { kind: 'too_many_pixels' };

type Sniffed = 'jpeg' | 'png' | 'webp' | 'heif' | 'gif';

/** The brands of an ISO-BMFF file that say HEIF: HEIC (HEVC, a phone's camera) or AVIF (AV1). */
const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1', 'avif', 'avis']);

/** By the first bytes, never the name or type: anything else never reaches a decoder. */
function sniffImage(bytes: Uint8Array): Sniffed | undefined {
  const starts = (offset: number, signature: readonly number[]) => signature.every((byte, at) => bytes[offset + at] === byte);
  const ascii = (offset: number, length: number) => String.fromCharCode(...bytes.subarray(offset, offset + length));
  if (starts(0, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 4) === 'WEBP') return 'webp';
  if (ascii(4, 4) === 'ftyp' && HEIF_BRANDS.has(ascii(8, 4))) return 'heif';
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return 'gif';
  return undefined;
}

/**
 * A JPEG's segments walked from its start to its end marker (ITU-T T.81, B.1.1): an upload cut short, or cut and filled
 * with zeros (a half-written file), never reaches EOI. libjpeg reads zeros as entropy-coded data with no warning, so
 * sharp's `failOn` cannot tell: such a file decoded as a striped picture of its full size. Linear: each byte read once.
 */
export function jpegReachesEnd(bytes: Uint8Array): boolean {
  const isRestart = (marker: number) => marker >= 0xd0 && marker <= 0xd7;
  let at = 2;
  while (at + 1 < bytes.length) {
    if (bytes[at] !== 0xff) return false;
    const marker = bytes[at + 1]!;
    if (marker === 0xd9) return true;
    // A fill byte before a marker, or a marker with no length.
    if (marker === 0xff) at += 1;
    else if (isRestart(marker) || marker === 0x01) at += 2;
    else {
      if (at + 3 >= bytes.length) return false;
      const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
      if (length < 2) return false;
      at += 2 + length;
      // After a scan's header, its entropy-coded data: up to the next marker (0xFF00 is a stuffed 0xFF, RSTn sit inside).
      if (marker === 0xda) while (at + 1 < bytes.length && !(bytes[at] === 0xff && bytes[at + 1] !== 0 && !isRestart(bytes[at + 1]!))) at++;
    }
  }
  return false;
}

/**
 * A HEIF's (HEIC, AVIF) top-level boxes (ISO/IEC 14496-12, 4.2) each end inside the file: one cut short has a box, its
 * `mdat` most often, running past the end. libheif decoded a HEIC cut in half without an error.
 */
export function isoBoxesWhole(bytes: Uint8Array): boolean {
  return isoChildren(bytes, 0, bytes.length) !== null;
}

/** The boxes inside `bytes` [start, end): type and payload, or null when one runs past the end (a cut file). */
function isoChildren(bytes: Uint8Array, start: number, end: number): Array<{ type: string; at: number; end: number }> | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const boxes: Array<{ type: string; at: number; end: number }> = [];
  for (let at = start; at < end;) {
    if (at + 8 > end) return null;
    let size = view.getUint32(at);
    let header = 8;
    if (size === 1) {
      if (at + 16 > end) return null;
      size = Number(view.getBigUint64(at + 8));
      header = 16;
    } else if (size === 0) size = end - at;
    if (size < header || at + size > end) return null;
    boxes.push({ type: String.fromCharCode(...bytes.subarray(at + 4, at + 8)), at: at + header, end: at + size });
    at += size;
  }
  return boxes;
}

/**
 * Every HEVC coded image of a HEIC (its tiles too) is NAL units each of whole length, none holding 0x000000 nor ending in
 * 0x00 (ITU-T H.265, 7.4.2: the encoder inserts emulation-prevention bytes so neither occurs). A HEIC cut and filled
 * with zeros to its size keeps its boxes whole, and libheif decoded it without an error, the zeros as a grey picture;
 * its coded data then holds zeros no encoder writes. Items are found by `iinf` and `iloc` (ISO/IEC 14496-12, 8.11).
 */
export function heicCodedDataWhole(bytes: Uint8Array): boolean {
  try {
    return hevcItemsWhole(bytes);
  } catch {
    // A field read past the end of the file: a `meta` cut short.
    return false;
  }
}

function hevcItemsWhole(bytes: Uint8Array): boolean {
  const top = isoChildren(bytes, 0, bytes.length);
  const meta = top?.find((box) => box.type === 'meta');
  if (!meta) return false;
  // `meta` is a full box: 4 bytes of version and flags before its children.
  const children = isoChildren(bytes, meta.at + 4, meta.end);
  if (!children) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const sized = (at: number, size: number) =>
    size === 0 ? 0 : size === 2 ? view.getUint16(at) : size === 4 ? view.getUint32(at) : Number(view.getBigUint64(at));

  const hevcItems = new Set<number>();
  const iinf = children.find((box) => box.type === 'iinf');
  if (!iinf) return false;
  const entriesAt = iinf.at + 4 + (bytes[iinf.at] === 0 ? 2 : 4);
  for (const infe of isoChildren(bytes, entriesAt, iinf.end) ?? []) {
    const version = bytes[infe.at]!;
    if (infe.type !== 'infe' || version < 2) continue;
    const id = version === 2 ? view.getUint16(infe.at + 4) : view.getUint32(infe.at + 4);
    const typeAt = infe.at + 4 + (version === 2 ? 2 : 4) + 2;
    if (String.fromCharCode(...bytes.subarray(typeAt, typeAt + 4)) === 'hvc1') hevcItems.add(id);
  }
  if (hevcItems.size === 0) return true;

  // The NAL units' length field (hvcC's lengthSizeMinusOne), the same for every tile of one photo.
  const hvcC = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).subarray(meta.at, meta.end).indexOf('hvcC');
  // Its payload's byte 21 (ISO/IEC 14496-15, 8.3.3.1); 4 bytes when there is none to read.
  const configAt = meta.at + hvcC + 4 + 21;
  const lengthSize = hvcC >= 0 && configAt < meta.end ? (bytes[configAt]! & 3) + 1 : 4;

  const iloc = children.find((box) => box.type === 'iloc');
  if (!iloc) return false;
  const version = bytes[iloc.at]!;
  let at = iloc.at + 4;
  const offsetSize = bytes[at]! >> 4;
  const lengthFieldSize = bytes[at]! & 15;
  const baseOffsetSize = bytes[at + 1]! >> 4;
  const indexSize = version === 0 ? 0 : bytes[at + 1]! & 15;
  at += 2;
  const count = version < 2 ? view.getUint16(at) : view.getUint32(at);
  at += version < 2 ? 2 : 4;
  // Linear in the file, whatever the header claims: extents that take no bytes of `iloc`, or data walked twice, end it.
  if (offsetSize + lengthFieldSize + indexSize === 0) return false;
  let walked = 0;
  for (let item = 0; item < count; item++) {
    const id = version < 2 ? view.getUint16(at) : view.getUint32(at);
    at += version < 2 ? 2 : 4;
    const method = version === 0 ? 0 : view.getUint16(at) & 15;
    at += version === 0 ? 0 : 2;
    at += 2; // data_reference_index
    const base = sized(at, baseOffsetSize);
    at += baseOffsetSize;
    const extents = view.getUint16(at);
    at += 2;
    for (let extent = 0; extent < extents; extent++) {
      at += indexSize;
      const offset = base + sized(at, offsetSize);
      at += offsetSize;
      const length = sized(at, lengthFieldSize);
      at += lengthFieldSize;
      if (at > iloc.end) return false;
      // Only data at a file offset (construction method 0) is walked; an image in `idat` is inside `meta`, read whole.
      if (!hevcItems.has(id) || method !== 0) continue;
      const end = length === 0 ? bytes.length : offset + length;
      if (offset > end || end > bytes.length) return false;
      walked += end - offset;
      if (walked > bytes.length || !nalUnitsWhole(bytes.subarray(offset, end), lengthSize)) return false;
    }
    if (at > iloc.end) return false;
  }
  return true;
}

/** Length-prefixed NAL units filling `data` exactly, each at least its two-byte header, none holding what H.265 forbids. */
function nalUnitsWhole(data: Uint8Array, lengthSize: number): boolean {
  let at = 0;
  while (at < data.length) {
    if (at + lengthSize > data.length) return false;
    let length = 0;
    for (let byte = 0; byte < lengthSize; byte++) length = length * 256 + data[at + byte]!;
    at += lengthSize;
    if (length < 2 || at + length > data.length || data[at + length - 1] === 0) return false;
    for (let index = at; index + 2 < at + length; index++) {
      if (data[index] === 0 && data[index + 1] === 0 && data[index + 2]! <= 2) return false;
    }
    at += length;
  }
  return true;
}

/** A run of zeros this long ending a lossy WebP's data is checked; shorter ones are an encoder's last bits (seen up to 3). */
const SUSPECT_ZERO_RUN = 16;

/** Where a WebP's lossy bitstream (its `VP8 ` chunk) lies, walking the RIFF chunks; null for a lossless one. */
function vp8DataOf(bytes: Uint8Array): { start: number; end: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 12; at + 8 <= bytes.length;) {
    const size = view.getUint32(at + 4, true);
    if (String.fromCharCode(...bytes.subarray(at, at + 4)) === 'VP8 ') return { start: at + 8, end: Math.min(at + 8 + size, bytes.length) };
    at += 8 + size + (size & 1);
  }
  return null;
}

/**
 * A lossy WebP cut and filled with zeros to its size decodes with no error nor warning (libwebp, whatever sharp's
 * `failOn`), the zeros as flat blocks. libwebp reads a bitstream only as far as the picture needs it: an encoder's zero
 * bytes at the end are read (they are picture), the zeros after a cut mostly are not (each block reads "nothing more" in a
 * fraction of a bit). So when the data ends in a run of zeros, bytes near its end are changed and the bottom of the
 * picture decoded again: the same pixels mean the decoder never reached them, and the file was cut. A lossless WebP is
 * refused by libwebp itself; a cut in the last few dozen bytes (the last blocks' detail) is not seen.
 */
async function webpZeroFilled(input: Uint8Array, metadata: Metadata): Promise<boolean> {
  const data = vp8DataOf(input);
  if (!data || !metadata.width || !metadata.height) return false;
  let run = 0;
  while (run < data.end - data.start && input[data.end - 1 - run] === 0) run++;
  if (run < SUSPECT_ZERO_RUN) return false;
  const changed = Uint8Array.from(input);
  changed.fill(0xff, data.end - 8, data.end - 2);
  const sharp = await loadSharp();
  const rows = Math.min(metadata.height, 128);
  const bottom = (bytes: Uint8Array) =>
    sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .extract({ left: 0, top: metadata.height - rows, width: metadata.width, height: rows })
      .raw()
      .toBuffer();
  try {
    const [read, reread] = await Promise.all([bottom(input), bottom(changed)]);
    return read.equals(reread);
  } catch {
    // The changed bytes broke the decode: they were read, so they are picture; an unreadable original fails below.
    return false;
  }
}

interface Decoded {
  /** The upload's size as seen, turned. */
  width: number;
  height: number;
  /** Its pixels at most as wide as the page's widest image, each variant resized from them. */
  pixels: Buffer;
  raw: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

/**
 * The photo decoded once, turned as it is seen and cut to the widest size the page asks for.
 * sharp's libvips reads JPEG, PNG, WebP and AVIF; its prebuilt libheif has no HEVC decoder (a
 * patent-encumbered codec), so a HEIC goes through libheif's WebAssembly build (heic-decode) first.
 * libheif applies the HEIC's own rotation and mirror while decoding; the EXIF turn is for the rest.
 */
async function decodeOnce(input: Uint8Array, metadata: Metadata): Promise<Decoded> {
  const sharp = await loadSharp();
  let source: Sharp;
  let seen: { width: number; height: number };
  if (metadata.compression === 'hevc') {
    const { default: decode } = await import('heic-decode');
    const decoded = await decode({ buffer: input });
    const raw = Buffer.from(decoded.data.buffer, decoded.data.byteOffset, decoded.data.byteLength);
    source = sharp(raw, { raw: { width: decoded.width, height: decoded.height, channels: 4 } });
    if (!metadata.hasAlpha) source = source.removeAlpha();
    seen = decoded;
  } else {
    source = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
    // As the photo is seen (a phone's portrait photo is stored sideways with an EXIF turn).
    seen = metadata.autoOrient;
  }
  const { data, info } = await source
    .resize({ width: IMAGE_WIDTHS.at(-1), withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: seen.width, height: seen.height, pixels: data, raw: { width: info.width, height: info.height, channels: info.channels } };
}

async function encode(decoded: Decoded, width: number, format: ImageFormat): Promise<Buffer> {
  // From raw pixels sharp has no metadata to write: EXIF, GPS, XMP and comments stayed behind.
  const resized = (await loadSharp())(decoded.pixels, { raw: decoded.raw }).resize({ width, withoutEnlargement: true });
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
  if (sniffed === 'gif') return { kind: 'gif' };
  let metadata: Metadata;
  try {
    // The header only, unbounded here: its size is checked below, to say why rather than "unreadable".
    metadata = await (await loadSharp())(input, { limitInputPixels: false }).metadata();
  } catch {
    return { kind: 'unreadable' };
  }
  // The decoder must agree with the signature: a PNG header on something else is not a PNG.
  if (metadata.format !== sniffed) return { kind: 'type' };
  if (!metadata.width || !metadata.height) return { kind: 'unreadable' };
  if (sniffed === 'jpeg' && !jpegReachesEnd(input)) return { kind: 'unreadable' };
  if (sniffed === 'heif' && !(isoBoxesWhole(input) && heicCodedDataWhole(input))) return { kind: 'unreadable' };
  const pixels = metadata.width * metadata.height;
  if (pixels > (metadata.compression === 'hevc' ? MAX_HEIC_PIXELS : MAX_INPUT_PIXELS)) return { kind: 'too_many_pixels' };
  if (sniffed === 'webp' && (await webpZeroFilled(input, metadata))) return { kind: 'unreadable' };

  let decoded: Decoded;
  const rows: Array<{ file: string; format: ImageFormat; bytes: Buffer }> = [];
  const hash = createHash('sha256').update(input).digest('hex').slice(0, 20);
  try {
    decoded = await decodeOnce(input, metadata);
    if (decoded.width < MIN_IMAGE_WIDTH) return { kind: 'too_small' };
    for (const each of imageWidths(decoded.width)) {
      for (const format of IMAGE_FORMATS)
        rows.push({ file: imageFile(hash, each, format), format, bytes: await encode(decoded, each, format) });
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
  const image = { hash, width: decoded.width, height: decoded.height };
  return { kind: 'stored', ref: imageRef(image), image };
}

/** One stored variant, as the page's URL names it. */
export async function readImage(db: Kysely<Database>, file: string): Promise<{ contentType: string; bytes: Uint8Array } | undefined> {
  const row = await db.selectFrom('page_images').select(['content_type', 'bytes']).where('file', '=', file).executeTakeFirst();
  return row ? { contentType: row.content_type, bytes: row.bytes } : undefined;
}
