import { describe, expect, it } from 'vitest';
import {
  imageObjectPosition,
  imagePreload,
  imageSrc,
  imageSrcSet,
  imageWidths,
  parseImageFile,
  parseImageRef,
  withImageFocus,
} from './offer-image.ts';

const hash = '0123456789abcdef0123';

describe('the seller’s image references', () => {
  it('never asks for a width wider than the upload, and always has one', () => {
    expect(imageWidths(320)).toEqual([320]);
    expect(imageWidths(800)).toEqual([480, 800]);
    expect(imageWidths(1440)).toEqual([480, 960, 1440]);
    expect(imageWidths(4000)).toEqual([480, 960, 1440]);
  });

  it('reads only references and file names it made', () => {
    expect(parseImageRef(`${hash}.1600x1000`)).toEqual({ hash, width: 1600, height: 1000 });
    for (const bad of ['', `${hash}.0x100`, `${hash}.100x`, `../${hash}.10x10`, `${hash.toUpperCase()}.10x10`, `javascript:${hash}.1x1`])
      expect(parseImageRef(bad), bad).toBeUndefined();
    expect(parseImageFile(`${hash}-480.avif`)).toEqual({ hash, width: 480, format: 'avif' });
    for (const bad of [`${hash}-480.svg`, `${hash}-480.avif/..`, `${hash}.avif`, `x${hash}-480.webp`])
      expect(parseImageFile(bad), bad).toBeUndefined();
  });

  it('keeps the point the seller tapped with the reference, within the photo', () => {
    const focused = withImageFocus(`${hash}.1600x1000`, { x: 12.4, y: 87.6 });
    expect(focused).toBe(`${hash}.1600x1000@12,88`);
    expect(parseImageRef(focused)).toEqual({ hash, width: 1600, height: 1000, focus: { x: 12, y: 88 } });
    expect(imageObjectPosition(parseImageRef(focused)!)).toBe('12% 88%');
    expect(imageObjectPosition(parseImageRef(`${hash}.1600x1000`)!)).toBeUndefined();
    expect(withImageFocus(focused, { x: -4, y: 140 })).toBe(`${hash}.1600x1000@0,100`);
    for (const bad of [`${hash}.10x10@101,5`, `${hash}.10x10@5`, `${hash}.10x10@-1,5`, `${hash}.10x10@5,5,5`])
      expect(parseImageRef(bad), bad).toBeUndefined();
  });

  it('prints the sets the page and the head’s preload share', () => {
    const image = { hash, width: 1000, height: 500 };
    expect(imageSrcSet(image, 'avif')).toBe(`/media/${hash}-480.avif 480w, /media/${hash}-960.avif 960w, /media/${hash}-1000.avif 1000w`);
    expect(imageSrc(image)).toBe(`/media/${hash}-960.webp`);
    expect(imageSrc({ hash, width: 400, height: 300 })).toBe(`/media/${hash}-400.webp`);
    expect(imagePreload(image, '100vw')).toContain(`imagesrcset="${imageSrcSet(image, 'avif')}" imagesizes="100vw"`);
  });
});
