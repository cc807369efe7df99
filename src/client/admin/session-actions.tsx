import { useState } from 'react';
import { admin as copy } from '../../content/admin.ts';
import { adminApi } from './admin-api.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { pushEndpointHere } from './notifications/console-app.ts';
import { notificationsApi } from './notifications/notifications-api.ts';

const headerButton = 'min-h-11 whitespace-nowrap rounded-lg px-2 text-sm font-semibold text-slate-300 hover:text-white sm:px-3';

/**
 * The header's way out: "Sair" for this browser, and "Encerrar todas as sessões" for every browser
 * signed in (a lost phone, a session the seller does not recognise), which signs this one out too.
 */
export function SessionActions({ onSignedOut, owner = true }: { onSignedOut: () => void; owner?: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const logout = async () => {
    // While the session lasts: this device stops ringing now (docs/notifications.md#turning-it-on).
    const endpoint = await pushEndpointHere();
    if (endpoint) await notificationsApi.forgetDevice(endpoint).catch(() => undefined);
    await adminApi.logout().catch(() => undefined);
    onSignedOut();
  };
  return (
    // On a phone the title wraps instead, so both stay on one line beside it.
    <div className="flex shrink-0 items-center">
      {owner ? (
        <button type="button" onClick={() => setConfirming(true)} className={headerButton}>
          {copy.sessions.endAll}
        </button>
      ) : null}
      <button type="button" onClick={() => void logout()} className={headerButton}>
        {copy.nav.logout}
      </button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={copy.sessions.confirmTitle}
        body={copy.sessions.confirmBody}
        danger
        onConfirm={async () => {
          await adminApi.endAllSessions();
          onSignedOut();
        }}
      />
    </div>
  );
}
