import { useEffect, useState } from 'react';
import { checkout as copy } from '../../content/checkout.ts';
import { SPOT_TAKEN_EVENT } from '../lib/live/spot-taken.ts';
import { trackPurchaseOnce } from '../lib/purchase-tracking.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { AddonOffer } from './addon-offer.tsx';
import type { OpenOrder } from './open-order-store.ts';
import { ReplacedOrderPanel } from './order-page-panels.tsx';
import { PaidPanel } from './paid-panel.tsx';
import { PixPanel } from './pix-panel.tsx';
import { useOrderStatus } from './use-order-status.ts';

/** After the charge: the PIX panel while waiting, then the confirmation once the server says paid. */
export default function OrderProgress({
  order,
  created,
  open,
  error,
  sandbox,
  guaranteeDays,
  regenerating,
  onRegenerate,
  onClose,
}: {
  order: OpenOrder;
  /** Just answered by the charge's request: the panel is drawn from it, and the first ask waits a poll's interval. */
  created: boolean;
  open: boolean;
  error: string | null;
  sandbox: boolean;
  guaranteeDays: string;
  regenerating: boolean;
  onRegenerate: () => void;
  onClose: () => void;
}) {
  const status = useOrderStatus(order.orderId, order.viewKey, open, { askAtOnce: !created });
  const paid = status.status === 'paid';
  // The offer stays once seen: the server offers it once per order, a later reply may lack it.
  const [addonOffer, setAddonOffer] = useState(status.addonOffer);
  if (status.addonOffer && !addonOffer) setAddonOffer(status.addonOffer);

  useEffect(() => {
    if (!paid) return;
    // An order saved before items existed (sessionStorage across a deploy) has none.
    trackPurchaseOnce(order.publicRef, order.amountCents, order.items ?? []);
    // Only payment takes a spot: the page's live signals ask the server again (lib/live/store.ts).
    window.dispatchEvent(new Event(SPOT_TAKEN_EVENT));
  }, [paid, order.publicRef, order.amountCents, order.items]);

  return (
    <>
      {error ? (
        <Alert variant="destructive" className="mt-4">
          {error}
        </Alert>
      ) : null}
      {paid ? (
        <>
          <PaidPanel accessUrl={status.accessUrl} note={status.accessNote} />
          <div className="mt-6">
            <AddonOffer
              orderId={order.orderId}
              viewKey={order.viewKey}
              offer={addonOffer}
              open={open}
              sandbox={sandbox}
              guaranteeDays={guaranteeDays}
              waiting={status.addonOrder}
            />
          </div>
        </>
      ) : status.status === 'failed' && status.replacedBy ? (
        <div className="mt-4">
          <ReplacedOrderPanel amountCents={order.amountCents} replacedBy={status.replacedBy} leftToPay={status.leftToPay} />
        </div>
      ) : status.status === 'reversed' ? (
        <Alert variant="destructive" className="mt-4">
          {copy.paid.reversed}
        </Alert>
      ) : (
        <PixPanel
          order={order}
          sandbox={sandbox}
          guaranteeDays={guaranteeDays}
          regenerating={regenerating}
          onRegenerate={onRegenerate}
          onCheckNow={() => void status.checkNow()}
          checking={status.checking}
          bankPayment={order}
        />
      )}
      <Button variant="ghost" block className="mt-3" onClick={onClose}>
        {copy.close}
      </Button>
    </>
  );
}
