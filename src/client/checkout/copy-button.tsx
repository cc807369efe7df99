import { useEffect, useRef, useState } from 'react';
import { checkout as copy } from '../../content/checkout.ts';
import { Button } from '../ui/button.tsx';

/** docs/product.md#money-and-capacity: the "copied" label lasts 2000 ms. */
export const COPIED_LABEL_MS = 2000;

async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Older in-app browsers: the selection + execCommand fallback.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('execCommand copy refused');
}

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
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const onCopy = async () => {
    try {
      await writeClipboard(text);
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), COPIED_LABEL_MS);
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
      className="min-w-28 shrink-0"
      aria-live="polite"
    >
      {copied ? copiedLabel : label}
    </Button>
  );
}
