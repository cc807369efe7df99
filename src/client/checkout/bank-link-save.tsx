import { FingerprintPattern } from 'lucide-react';
import { useState } from 'react';
import { bankLink as copy } from '../../content/bank-link.ts';
import { orderKeyHeaders } from '../../shared/order-view-key.ts';
import { ApiError, apiFetch } from '../lib/api.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { AddonOffer } from './addon-offer.tsx';
import type { OpenOrder } from './open-order-store.ts';
import { useOrderStatus } from './use-order-status.ts';

/** Where the way back from the bank left the buyer: `?vinculo=salvo|recusado`, `?adicional=1`. */
function returnedWith(name: string): string | null {
  return typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get(name);
}

/**
 * "Salvar para pagar com biometria" (docs/payments.md#jsr-the-add-on-in-one-tap): after a payment in the bank's
 * app, the buyer may link that account to the shop; the browser goes to the bank to approve it.
 */
function BankLinkSave({ orderId, viewKey }: { orderId: string; viewKey: string }) {
  const [phase, setPhase] = useState<'idle' | 'sending' | { failed: string }>('idle');
  const save = async () => {
    setPhase('sending');
    try {
      const { redirectUri } = await apiFetch('POST /api/orders/:id/vinculo', {
        params: { id: orderId },
        headers: orderKeyHeaders(viewKey),
      });
      window.location.assign(redirectUri);
    } catch (failure) {
      setPhase({ failed: failure instanceof ApiError && failure.message ? failure.message : copy.api.failed });
    }
  };
  return (
    <section aria-labelledby="bank-link-title" className="rounded-2xl border border-line bg-ink-850/80 p-4 text-left">
      <h3 id="bank-link-title" className="flex items-center gap-2 text-lg font-black text-white">
        <FingerprintPattern aria-hidden="true" className="size-5 shrink-0 text-brand-400" />
        {copy.save.title}
      </h3>
      <p className="mt-1.5 text-sm text-pretty text-slate-300">{copy.save.text}</p>
      {typeof phase === 'object' ? (
        <Alert variant="destructive" className="mt-3">
          {phase.failed}
        </Alert>
      ) : null}
      <Button
        variant="secondary"
        size="lg"
        block
        className="mt-4"
        onClick={() => void save()}
        disabled={phase === 'sending'}
        aria-busy={phase === 'sending' || undefined}
      >
        {phase === 'sending' ? copy.save.sending : copy.save.button}
      </Button>
    </section>
  );
}

/**
 * On the order's page, in the tab that bought or one with the e-mailed key (a new tab from the bank app), once paid: keep the bank for next time, and the add-on offered after
 * payment, paid in one tap under the vínculo when there is one; once accepted and still to pay, its PIX, as the order holds it.
 */
export function AfterBankPayment({
  order,
  sandbox,
  guaranteeDays,
}: {
  order: Pick<OpenOrder, 'orderId' | 'viewKey'>;
  sandbox: boolean;
  guaranteeDays: string;
}) {
  const status = useOrderStatus(order.orderId, order.viewKey, true);
  const [linkReturn] = useState(() => returnedWith('vinculo'));
  const [addonPaid] = useState(() => returnedWith('adicional') === '1' && returnedWith('banco') === 'pago');
  // The one tap found the vínculo ended at the bank: no longer said to be linked (a reload reads it so from the server).
  const [linkEnded, setLinkEnded] = useState(false);
  if (status.status !== 'paid') return null;
  const linked = status.bankLink === 'linked' && !linkEnded;
  return (
    <div className="mt-6 grid gap-4">
      {addonPaid ? <Alert variant="success">{copy.oneTap.paid}</Alert> : null}
      {linkReturn === 'salvo' && linked ? <Alert variant="success">{copy.save.saved}</Alert> : null}
      {/* Efí could not be asked whether the vínculo is still usable: said so, never "Pronto". */}
      {status.bankLink === 'unconfirmed' ? <Alert variant="destructive">{copy.save.unconfirmed}</Alert> : null}
      {linkReturn === 'recusado' ? <Alert variant="destructive">{copy.save.refused}</Alert> : null}
      {status.bankLink === 'can_save' ? <BankLinkSave orderId={order.orderId} viewKey={order.viewKey} /> : null}
      {status.addonOffer || status.addonOrder ? (
        <AddonOffer
          orderId={order.orderId}
          viewKey={order.viewKey}
          offer={status.addonOffer}
          open
          sandbox={sandbox}
          guaranteeDays={guaranteeDays}
          bankLinked={linked}
          waiting={status.addonOrder}
          onLinkEnded={() => setLinkEnded(true)}
        />
      ) : null}
    </div>
  );
}
