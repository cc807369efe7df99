import { RefreshCw } from 'lucide-react';
import { members as copy } from '../../content/members.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';

/** The list could not be read (offline, server error): say so and let the buyer try again. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="mt-8">
      <Alert variant="destructive">{copy.loadError.text}</Alert>
      <Button variant="secondary" className="mt-4" onClick={onRetry}>
        <RefreshCw aria-hidden="true" className="size-4" />
        {copy.loadError.retry}
      </Button>
    </div>
  );
}
