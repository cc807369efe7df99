import { Share2 } from 'lucide-react';
import { checkout as copy } from '../../content/checkout.ts';
import { Button } from '../ui/button.tsx';

/** "Compartilhar": hands the code to another app (WhatsApp, the bank app…) where the browser can. */
export function ShareButton({ code }: { code: string }) {
  if (typeof navigator === 'undefined' || typeof navigator.share !== 'function') return null;
  const share = async () => {
    try {
      await navigator.share({ title: copy.pix.shareTitle, text: code });
    } catch {
      // Closing the share sheet rejects too; the code stays on screen either way.
    }
  };
  return (
    <Button variant="secondary" block onClick={() => void share()}>
      <Share2 aria-hidden="true" className="size-4" />
      {copy.pix.share}
    </Button>
  );
}
