import { TriangleAlert } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { interfaceCopy } from '../../content/site.ts';
import { cn } from './cn.ts';

type LoadState = 'waiting' | 'loading' | 'loaded' | 'error';

/** docs/product.md#screen-states: a non-priority image starts loading when 10% of it is within 50 px of the viewport. */
const VISIBLE_SHARE = 0.1;
const ROOT_MARGIN = '50px';

/**
 * An image with a fixed box (nothing shifts): a pulsing placeholder until it loads, a fade-in
 * when it does, a warning symbol if it fails (docs/product.md#screen-states). `priority` images load at once and never
 * fade (the LCP element must not). `alt=""` marks a decorative image. To show another image,
 * give it a new `key`.
 */
export function LazyImage({
  src,
  alt,
  width,
  height,
  priority = false,
  className,
}: {
  src: string;
  alt: string;
  width: number;
  height: number;
  priority?: boolean;
  className?: string;
}) {
  const [state, setState] = useState<LoadState>(priority ? 'loading' : 'waiting');
  const box = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    if (state !== 'waiting') return;
    const element = box.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setState('loading');
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          setState('loading');
        }
      },
      { threshold: VISIBLE_SHARE, rootMargin: ROOT_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [state]);

  // An image can finish before React attaches onLoad (prerendered priority images, the cache).
  const checkComplete = useCallback((image: HTMLImageElement | null) => {
    if (image?.complete) setState(image.naturalWidth > 0 ? 'loaded' : 'error');
  }, []);

  const decorative = alt === '';
  const unavailable = `${alt} (${interfaceCopy.imageUnavailable})`;
  return (
    <span
      ref={box}
      data-state={state}
      aria-hidden={decorative || undefined}
      {...(!decorative && state !== 'loaded'
        ? { role: 'img', 'aria-label': state === 'error' ? unavailable : alt, 'aria-busy': state !== 'error' }
        : {})}
      style={{ width, height }}
      className={cn('relative inline-block shrink-0 overflow-hidden bg-ink-800', className)}
    >
      {state === 'waiting' || state === 'loading' ? (
        <span aria-hidden="true" className="absolute inset-0 animate-pulse bg-ink-700" />
      ) : null}
      {state === 'loading' || state === 'loaded' ? (
        <img
          ref={checkComplete}
          src={src}
          alt={state === 'loaded' ? alt : ''}
          width={width}
          height={height}
          decoding="async"
          fetchPriority={priority ? 'high' : undefined}
          onLoad={() => setState('loaded')}
          onError={() => setState('error')}
          className={cn(
            'absolute inset-0 size-full object-cover',
            !priority && 'transition-opacity duration-500',
            !priority && state !== 'loaded' && 'opacity-0',
          )}
        />
      ) : null}
      {state === 'error' ? (
        <span className="absolute inset-0 grid place-items-center text-gold-400">
          <TriangleAlert aria-hidden="true" className="size-1/2 max-h-6 max-w-6" />
        </span>
      ) : null}
    </span>
  );
}
