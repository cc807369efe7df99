import { useLayoutEffect, useState } from 'react';
import { checkout as copy } from '../../content/checkout.ts';
import { writeClipboard } from '../lib/clipboard.ts';
import { Button } from '../ui/button.tsx';

/** docs/product.md#money-and-capacity: the "copied" label lasts 2000 ms. */
export const COPIED_LABEL_MS = 2000;

export function CopyButton({
  text,
  label = copy.pix.copy,
  copiedLabel = copy.pix.copied,
  size,
  block,
}: {
  text: string;
  label?: string;
  copiedLabel?: string;
  size?: 'md' | 'lg';
  block?: boolean;
}) {
  // Successful copies while the label shows (0: not shown); a new copy restarts its 2 s.
  const [copies, setCopies] = useState(0);
  const copied = copies > 0;
  useLayoutEffect(() => {
    if (copies === 0) return;
    // The 2 s count from the first frame that shows the label: a layout effect runs in the commit,
    // and the animation frame it asks for comes right before that frame is painted. On a busy phone
    // the render, and then the paint, can come hundreds of milliseconds after the click or the
    // commit; counting from either would cut the label short.
    let timer: number | undefined;
    const frame = window.requestAnimationFrame(() => {
      timer = window.setTimeout(() => setCopies(0), COPIED_LABEL_MS);
    });
    return () => {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [copies]);

  const onCopy = async () => {
    try {
      await writeClipboard(text);
      setCopies((count) => count + 1);
    } catch (error) {
      // docs/product.md#error-messages-shown-to-buyers: a copy failure is only logged; the code stays selectable on screen.
      console.warn('PIX code copy failed', error);
    }
  };

  return (
    <Button
      variant={copied ? 'secondary' : 'cta'}
      size={size}
      block={block}
      onClick={() => void onCopy()}
      className="min-w-30 shrink-0"
      aria-live="polite"
    >
      {copied ? copiedLabel : label}
    </Button>
  );
}
