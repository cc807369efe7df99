import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { affiliatePage } from '../../content/affiliates.ts';
import { Button } from '../ui/button.tsx';

const copy = affiliatePage.links;

/** One link to share, whole on screen (it wraps on a phone), with a button that copies it. */
export function CopyLink({ label, url }: { label: string; url: string }) {
  const [copied, setCopied] = useState(false);
  const copyIt = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      // No clipboard (an insecure origin, a refused permission): the link stays on screen to select by hand.
      setCopied(false);
    }
  };
  return (
    <li className="rounded-xl border border-line bg-ink-950/60 p-3">
      <p className="text-xs font-semibold tracking-wide text-slate-400 uppercase">{label}</p>
      <div className="mt-2 flex flex-col gap-3 sm:flex-row sm:items-center">
        <code className="min-w-0 flex-1 font-mono text-sm break-all text-slate-100">{url}</code>
        <Button variant="secondary" className="w-full sm:w-auto" onClick={() => void copyIt()} aria-label={`${copy.copy}: ${label}`}>
          {copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
          <span aria-live="polite">{copied ? copy.copied : copy.copy}</span>
        </Button>
      </div>
    </li>
  );
}
