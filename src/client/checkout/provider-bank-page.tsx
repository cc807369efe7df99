import { ArrowLeft } from 'lucide-react';
import { useEffect, useState } from 'react';
import { openFinance as copy } from '../../content/open-finance.ts';
import { orderKeyHeaders } from '../../shared/order-view-key.ts';
import { ApiError, apiFetch } from '../lib/api.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';

/**
 * "Pagar no app do banco" through Mercado Pago's Open Finance mode (docs/payments.md#mercado-pagos-open-finance-mode):
 * no bank list of ours, the payment is started on the tap and the browser goes to Mercado Pago's page, which asks
 * for the bank and sends the buyer back to the order page.
 */
export default function ProviderBankPage({ orderId, viewKey, onClose }: { orderId: string; viewKey: string; onClose: () => void }) {
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    apiFetch('POST /api/orders/:id/open-finance', {
      params: { id: orderId },
      headers: orderKeyHeaders(viewKey),
      json: {},
    }).then(
      ({ redirectUri }) => window.location.assign(redirectUri),
      (failure: unknown) => live && setError(failure instanceof ApiError && failure.message ? failure.message : copy.providerFailed),
    );
    return () => {
      live = false;
    };
  }, [orderId, viewKey]);

  if (!error)
    return (
      <p role="status" className="text-center text-sm font-semibold text-gold-300">
        {copy.openingProvider}
      </p>
    );
  return (
    <div className="space-y-2">
      <Alert variant="destructive">{error}</Alert>
      <Button variant="secondary" block onClick={onClose}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        {copy.back}
      </Button>
    </div>
  );
}
