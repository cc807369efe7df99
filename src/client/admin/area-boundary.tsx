import type { ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { consoleErrors as copy } from '../../content/console-errors.ts';
import type { ConsoleArea } from '../../shared/console-errors.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { reportConsoleError } from './error-report.ts';

/** Areas whose typed text lives in this browser until it is saved (page-drafts.ts's local copy). */
const KEEPS_TYPED_TEXT: ReadonlySet<ConsoleArea> = new Set(['page']);

/**
 * One console area (a tab, or the whole console around them): an error while it renders is reported to the server
 * and replaced by a notice in Portuguese with "Recarregar esta área", which mounts the area anew (Página then starts
 * from its local copy, so the typed text comes back). The navigation and the other areas stay where they are.
 */
export function AreaBoundary({ area, name, children }: { area: ConsoleArea; name: string; children: ReactNode }) {
  return (
    <ErrorBoundary
      onError={(error) => reportConsoleError(area, 'render', error)}
      fallbackRender={({ resetErrorBoundary }) => (
        <section aria-label={name} className="space-y-3">
          <Alert variant="destructive">
            <p className="font-semibold">{area === 'console' ? copy.consoleFailed : copy.areaFailed(name)}</p>
            <p className="mt-1 font-normal">{KEEPS_TYPED_TEXT.has(area) ? copy.typedKept : copy.savedKept}</p>
            {area === 'console' ? null : <p className="mt-1 font-normal">{copy.othersWork}</p>}
            <p className="mt-1 font-normal">{copy.reported}</p>
          </Alert>
          <Button variant="secondary" onClick={() => resetErrorBoundary()}>
            {area === 'console' ? copy.reloadConsole : copy.reload}
          </Button>
        </section>
      )}
    >
      {children}
    </ErrorBoundary>
  );
}
