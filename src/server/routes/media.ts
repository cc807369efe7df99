import { Hono } from 'hono';
import { IMAGE_PATH, parseImageFile } from '../../shared/offer-image.ts';
import { readImage } from '../offer/offer-images.ts';
import type { AppEnv } from './context.ts';

/** Uploaded images (docs/editing.md#images): the name carries the hash, so cached for a year. */
export const mediaRoutes = new Hono<AppEnv>().get(`${IMAGE_PATH}:file`, async (c) => {
  const file = c.req.param('file');
  const image = parseImageFile(file) ? await readImage(c.var.db, file) : undefined;
  if (!image) return c.text('Imagem não encontrada', 404, { 'Cache-Control': 'no-store' });
  return c.body(new Uint8Array(image.bytes), 200, {
    'Content-Type': image.contentType,
    'Cache-Control': 'public, max-age=31536000, immutable',
    'Content-Length': String(image.bytes.length),
  });
});
