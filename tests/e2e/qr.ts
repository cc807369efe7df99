import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Locator } from '@playwright/test';

/** Reads the QR code shown on screen, as a phone camera would, from a screenshot of the element. */
export async function decodeQrOnScreen(locator: Locator): Promise<string | null> {
  const png = PNG.sync.read(await locator.screenshot());
  const result = jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length), png.width, png.height);
  return result?.data ?? null;
}
