import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { openFinance as bankCopy } from '../../content/open-finance.ts';
import { orderPage as copy } from '../../content/order-page.ts';
import type { GuaranteeView } from '../../shared/refunds.ts';
import { asContactKey } from '../../shared/order-view-key.ts';
import { paths, type PageMeta } from '../../shared/routes.ts';
import { AfterBankPayment } from '../checkout/bank-link-save.tsx';
import { ModalSkeleton } from '../checkout/modal-skeleton.tsx';
import { ExpiredOrderPanel, MissingOrderPanel, PaidOrderPanel, ReversedOrderPanel } from '../checkout/order-page-panels.tsx';
import { PixPanel } from '../checkout/pix-panel.tsx';
import { loadOpenOrder } from '../checkout/open-order-store.ts';
import { maskPhone } from '../checkout/phone-mask.ts';
import { takeContactKey, useOrderPage } from '../checkout/use-order-page.ts';
import { ORDER_POLL_MS } from '../checkout/use-order-status.ts';
import { GuaranteeSection } from '../guarantee/guarantee-section.tsx';
import { trackPurchaseOnce } from '../lib/purchase-tracking.ts';
import type { OrderItem } from '../../shared/checkout.ts';
import { getPublicConfig } from '../lib/public-config.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { useNavigation } from '../router.tsx';
import { Alert } from '../ui/alert.tsx';
import { PrivatePage } from '../ui/private-page.tsx';

const PaymentModal = lazy(() => import('../checkout/payment-modal.tsx'));

export const meta: PageMeta = copy.meta;

/**
 * `/pedido/{ref}`, the page the PIX e-mails link to; it works in any browser: the PIX while it waits
 * (confirmed on its own), where the access went once paid, and a new checkout once it expired.
 */
export default function OrderPage() {
  useDocumentTitle(meta.title);
  const { pathname } = useNavigation();
  const ref = decodeURIComponent(pathname.slice(paths.order.length + 1).split('/')[0] ?? '');
  const [contactKey] = useState(() => takeContactKey(ref));
  // This tab's own PIX (kept while the buyer was at their bank): it may start "Pagar no app do banco" again.
  const [ownOrder] = useState(() => {
    const open = loadOpenOrder();
    return open?.publicRef === ref ? open : null;
  });
  // The way back from the bank (/api/open-finance/volta): `?banco=recusado` or `pendente`.
  const [fromBank] = useState(() => (typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('banco')));
  const { state, checking, reload } = useOrderPage(ref, contactKey);
  const reply = state.kind === 'ready' ? state.reply : undefined;
  // Any other tab (the bank app's new one, the e-mail's link, after the tab was closed) acts with the e-mailed key:
  // the server then names the order, and offers what the buying tab would.
  const actor =
    ownOrder ??
    (reply && (reply.status === 'pending' || reply.status === 'paid') && reply.orderId && contactKey
      ? { orderId: reply.orderId, viewKey: asContactKey(contactKey) }
      : null);
  const [checkoutOpen, setCheckoutOpen] = useState(false);
  const [checkoutUsed, setCheckoutUsed] = useState(false);
  const [updatedGuarantee, setUpdatedGuarantee] = useState<GuaranteeView | null>(null);
  const { sandbox, supportEmail, guaranteeDays } = getPublicConfig();

  // A payment this page saw happen counts as the purchase (once per order, as in the modal).
  const pending = useRef<{ amountCents: number; items: OrderItem[] } | null>(null);
  useEffect(() => {
    if (reply?.status === 'pending') pending.current = { amountCents: reply.amountCents, items: reply.items ?? [] };
    if (reply?.status === 'paid' && pending.current !== null) trackPurchaseOnce(ref, pending.current.amountCents, pending.current.items);
  }, [reply, ref]);

  // Back from the bank paid: Efí's callback may still be settling a payment made both ways (its return, which the
  // page then tells); one more read after a poll's interval shows it.
  const paidFromBank = fromBank === 'pago' && reply?.status === 'paid';
  useEffect(() => {
    if (!paidFromBank) return;
    const timer = window.setTimeout(() => void reload(), ORDER_POLL_MS);
    return () => window.clearTimeout(timer);
  }, [paidFromBank, reload]);

  const prefill = reply && (reply.status === 'expired' || reply.status === 'failed') ? reply.prefill : undefined;
  const initialValues = useMemo(
    () => ({ name: prefill?.name ?? '', email: prefill?.email ?? '', phone: maskPhone(prefill?.phone ?? ''), document: '' }),
    [prefill],
  );
  const startCheckout = () => {
    setCheckoutUsed(true);
    setCheckoutOpen(true);
  };

  return (
    <PrivatePage
      load={state.kind === 'loading' ? 'loading' : state.kind === 'error' ? 'error' : 'done'}
      copy={copy}
      onRetry={() => void reload()}
    >
      {state.kind === 'not-found' ? <MissingOrderPanel /> : null}
      {reply?.status === 'pending' && state.kind === 'ready' ? (
        <>
          <h1 className="mt-8 text-3xl leading-tight font-black text-balance text-white">{copy.pending.title}</h1>
          <p className="mt-2 text-pretty text-slate-300">{copy.pending.text}</p>
          {fromBank === 'recusado' || fromBank === 'pendente' ? (
            <Alert variant={fromBank === 'recusado' ? 'destructive' : 'success'} className="mt-4">
              {fromBank === 'recusado' ? bankCopy.returned.refused : bankCopy.returned.pending}
            </Alert>
          ) : null}
          <PixPanel
            order={{ ...reply, expiresAt: state.localExpiresAt ?? reply.expiresAt }}
            intro={false}
            sandbox={sandbox}
            guaranteeDays={guaranteeDays}
            regenerating={false}
            onRegenerate={startCheckout}
            onCheckNow={() => void reload()}
            checking={checking}
            bankPayment={actor}
          />
        </>
      ) : null}
      {reply?.status === 'paid' ? (
        <>
          <PaidOrderPanel publicRef={ref} maskedEmail={reply.maskedEmail} items={reply.items} bankReturnedCents={reply.bankReturnedCents} />
          {actor ? <AfterBankPayment order={actor} sandbox={sandbox} guaranteeDays={guaranteeDays} /> : null}
          <GuaranteeSection
            className="mt-8"
            guarantee={updatedGuarantee ?? reply.guarantee}
            onGuaranteeChange={setUpdatedGuarantee}
            // Sent from here only with the e-mailed link's key; without it, the block says where to ask.
            target={reply.canRequestHere && contactKey ? { kind: 'order', publicRef: ref, contactKey } : null}
            supportEmail={supportEmail}
          />
        </>
      ) : null}
      {reply && (reply.status === 'expired' || reply.status === 'failed') ? (
        <ExpiredOrderPanel
          status={reply.status}
          amountCents={reply.amountCents}
          replacedBy={reply.replacedBy}
          onRegenerate={startCheckout}
        />
      ) : null}
      {reply?.status === 'reversed' ? <ReversedOrderPanel /> : null}
      {checkoutUsed ? (
        <Suspense fallback={checkoutOpen ? <ModalSkeleton /> : null}>
          <PaymentModal open={checkoutOpen} onOpenChange={setCheckoutOpen} initialValues={initialValues} resume={false} />
        </Suspense>
      ) : null}
    </PrivatePage>
  );
}
