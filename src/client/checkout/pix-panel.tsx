import { ChevronDown, ExternalLink, Landmark, ShieldCheck, Undo2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { checkout as copy } from '../../content/checkout.ts';
import { openFinance as bankCopy } from '../../content/open-finance.ts';
import type { CreatedOrder, OrderItem } from '../../shared/checkout.ts';
import { formatBRL } from '../../shared/money.ts';
import { afterPaint } from '../lib/after-paint.ts';
import { getPublicConfig } from '../lib/public-config.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { CopyButton } from './copy-button.tsx';
import { onDemand } from './on-demand.ts';
import { OrderSummary } from './order-summary.tsx';
import { PixCodeField, PixQr } from './pix-qr.tsx';
import { ShareButton } from './share-button.tsx';
import { formatTimeLeft, useTimeLeft } from './use-countdown.ts';
import { useIsPhone } from './use-is-phone.ts';

/**
 * What the panel needs of a charge (the modal's order, the order page's, or the add-on's). The
 * items may be missing: a PIX kept in the tab from before they existed, an order page without them.
 */
export type PayableOrder = Pick<CreatedOrder, 'amountCents' | 'pix' | 'expiresAt' | 'sandboxPayUrl' | 'addon'> & {
  items?: readonly OrderItem[];
};

/** The bank list and its request, or the start of Mercado Pago's own page: loaded on the tap on "Pagar no app do banco". */
const bankPicker = onDemand(() => import('./bank-picker.tsx'));
const providerBankPage = onDemand(() => import('./provider-bank-page.tsx'));

/** The order the bank payment is for, and the tab's key that may start it. */
export interface BankPaymentTarget {
  orderId: string;
  viewKey: string;
}

/** "Pagar no app do banco" (docs/payments.md#open-finance): the button, then the bank list in its place. */
function BankPayment({ target, first }: { target: BankPaymentTarget; first: boolean }) {
  const [open, setOpen] = useState(false);
  const atProvider = getPublicConfig().openFinance === 'provider';
  const Picker = (atProvider ? providerBankPage : bankPicker).useLoaded(open)?.default;
  if (open && Picker) return <Picker orderId={target.orderId} viewKey={target.viewKey} onClose={() => setOpen(false)} />;
  return (
    <div className="space-y-1.5">
      <Button variant={first ? 'cta' : 'secondary'} size={first ? 'lg' : 'md'} block onClick={() => setOpen(true)} disabled={open}>
        <Landmark aria-hidden="true" className="size-5" />
        {bankCopy.button}
      </Button>
      <p className="text-center text-xs text-slate-400">{bankCopy.buttonHint}</p>
      {first ? (
        <p className="flex items-center gap-3 pt-1 text-xs font-semibold tracking-wider text-slate-400 uppercase">
          <span aria-hidden="true" className="h-px flex-1 bg-line" />
          {bankCopy.orCode}
          <span aria-hidden="true" className="h-px flex-1 bg-line" />
        </p>
      ) : null}
    </div>
  );
}

function SandboxLink({ href, label }: { href: string; label: string }) {
  return (
    <a href={href} target="_blank" rel="noopener" className="mt-1 flex w-fit items-center gap-1 font-bold underline underline-offset-4">
      {label}
      <ExternalLink aria-hidden="true" className="size-3.5" />
    </a>
  );
}

/** On a phone the QR (for paying with another device) waits behind a disclosure. */
function OtherDevice({ pix }: { pix: CreatedOrder['pix'] }) {
  return (
    <details className="rounded-xl border border-line bg-ink-850">
      <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between px-4 text-sm font-semibold text-slate-200 [&::-webkit-details-marker]:hidden">
        {copy.pix.otherDevice}
        <ChevronDown aria-hidden="true" className="size-4 transition [details[open]>summary>&]:rotate-180" />
      </summary>
      <div className="flex flex-col items-center gap-3 px-4 pb-4">
        <PixQr pix={pix} />
        {pix.code ? <PixCodeField code={pix.code} /> : null}
      </div>
    </details>
  );
}

/** The bump's own PIX beside an open one its provider cannot cancel (docs/money.md#one-payable-pix): a second code to pay. */
function SecondCode({ addon }: { addon: NonNullable<PayableOrder['addon']> }) {
  const code = addon.pix.code;
  const title = addon.items.map((item) => item.title).join(', ');
  return (
    <section aria-labelledby="second-pix" className="space-y-3 rounded-xl border border-gold-400/40 bg-gold-400/10 p-3">
      <h3 id="second-pix" className="text-sm font-bold text-gold-300">
        {copy.pix.twoCodes.addonHeading(title, formatBRL(addon.amountCents))}
      </h3>
      {code ? <CopyButton text={code} label={copy.pix.twoCodes.copyAddon} copiedLabel={copy.pix.codeCopied} block /> : null}
      <OtherDevice pix={addon.pix} />
      <p className="text-xs text-slate-300">{copy.pix.twoCodes.addonAfterMain}</p>
    </section>
  );
}

function Steps({ steps }: { steps: readonly string[] }) {
  return (
    <div>
      <h3 className="text-sm font-bold tracking-wider text-slate-300 uppercase">{copy.pix.stepsTitle}</h3>
      <ol className="mt-2 space-y-2">
        {steps.map((step, index) => (
          <li key={step} className="flex gap-3 text-sm text-slate-300">
            <span className="grid size-6 shrink-0 place-items-center rounded-full bg-pix/20 text-xs font-bold text-pix">{index + 1}</span>
            {step}
          </li>
        ))}
      </ol>
    </div>
  );
}

/**
 * After a charge is created: how to pay it (docs/product.md#the-journey "Payment modal"). On a phone the buyer pays in
 * the bank app of the same phone, so the panel leads with one big "Copiar código PIX" and the steps,
 * and the QR (for paying with another device) waits behind a disclosure; wider screens show the QR first.
 */
export function PixPanel({
  order,
  intro = true,
  addon = false,
  onRegenerate,
  regenerating,
  sandbox,
  guaranteeDays,
  onCheckNow,
  checking,
  bankPayment,
}: {
  order: PayableOrder;
  /** The modal's "Pagamento gerado com sucesso!"; the order page has its own heading. */
  intro?: boolean;
  /** The add-on's PIX after payment (addon-offer.tsx): no spot to secure, the access is already there. */
  addon?: boolean;
  onRegenerate: () => void;
  regenerating: boolean;
  sandbox: boolean;
  /** GUARANTEE_DAYS from the public config, for the guarantee line. */
  guaranteeDays: string;
  onCheckNow: () => void;
  checking: boolean;
  /** The order and the tab's key, where "Pagar no app do banco" may start its payment (Open Finance on). */
  bankPayment?: BankPaymentTarget | null | undefined;
}) {
  const timeLeft = useTimeLeft(order.expiresAt);
  // What to pay with leads the first frame; the rest (the steps, the reassurances, below the fold on a phone) comes in the next.
  const [rest, setRest] = useState(false);
  useEffect(() => afterPaint(() => setRest(true)), []);
  const expired = timeLeft <= 0;
  const code = order.pix.code;
  // Without a copia-e-cola code (the gateway sent only a QR image) there is nothing to copy: QR first.
  const phone = useIsPhone() && code !== null;
  const bank =
    bankPayment && getPublicConfig().openFinance && !expired && !addon ? <BankPayment target={bankPayment} first={phone} /> : null;

  const expiry = (
    <div className="flex flex-col items-center gap-2">
      <p className={expired ? 'text-sm font-semibold text-red-300' : 'text-sm text-slate-300'} aria-live="polite">
        {expired ? copy.pix.expired : copy.pix.expiresIn(formatTimeLeft(timeLeft))}
      </p>
      {expired ? (
        <Button variant="secondary" onClick={onRegenerate} disabled={regenerating}>
          {regenerating ? copy.form.processing : copy.pix.regenerate}
        </Button>
      ) : null}
    </div>
  );

  return (
    <div className="mt-4 space-y-4">
      {intro ? <Alert variant="success">{copy.pix.success}</Alert> : null}

      {order.addon ? (
        <p role="status" className="rounded-xl border border-gold-400/40 bg-gold-400/10 px-3.5 py-3 text-sm font-medium text-gold-300">
          {copy.pix.twoCodes.note(order.addon.items.map((item) => item.title).join(', '), formatBRL(order.addon.amountCents))}
        </p>
      ) : null}

      {order.addon ? (
        <h3 className="text-sm font-bold text-slate-200">{copy.pix.twoCodes.mainHeading(formatBRL(order.amountCents))}</h3>
      ) : null}

      <OrderSummary label={copy.pix.amountLabel} amountCents={order.amountCents} items={order.items} />

      {phone ? (
        <>
          {bank}
          {code ? <CopyButton text={code} label={copy.pix.copyCode} copiedLabel={copy.pix.codeCopied} size="lg" block /> : null}
          {expiry}
          {rest ? <Steps steps={copy.pix.phoneSteps(formatBRL(order.amountCents))} /> : null}
          <OtherDevice pix={order.pix} />
        </>
      ) : (
        <>
          <div className="flex flex-col items-center gap-2">
            <PixQr pix={order.pix} />
          </div>
          {expiry}
          {code ? <PixCodeField code={code} /> : null}
          {bank}
        </>
      )}

      {code ? <ShareButton code={code} /> : null}

      {order.addon && !expired ? <SecondCode addon={order.addon} /> : null}

      {!expired && !addon && rest ? <p className="text-center text-sm font-semibold text-gold-300">{copy.pix.spotSecured}</p> : null}

      {!expired ? (
        <div className="flex items-center justify-between gap-3 rounded-xl border border-line bg-ink-850 px-4 py-3">
          <span className="flex items-center gap-2 text-sm text-slate-300" role="status">
            <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-gold-400" />
            {copy.pix.waiting}
          </span>
          <Button variant="secondary" onClick={onCheckNow} disabled={checking}>
            {checking ? copy.pix.checking : copy.pix.alreadyPaid}
          </Button>
        </div>
      ) : null}

      {sandbox && order.sandboxPayUrl ? (
        <div className="rounded-xl border border-gold-400/40 bg-gold-400/10 p-3 text-sm text-gold-300">
          <p>{copy.pix.sandboxNote}</p>
          <SandboxLink href={order.sandboxPayUrl} label={copy.pix.sandboxLink} />
          {order.addon?.sandboxPayUrl ? <SandboxLink href={order.addon.sandboxPayUrl} label={copy.pix.twoCodes.sandboxLink} /> : null}
        </div>
      ) : null}

      {phone || !rest ? null : <Steps steps={copy.pix.steps(formatBRL(order.amountCents))} />}

      {rest ? (
        <ul className="space-y-2 rounded-xl border border-line bg-ink-850 p-3 text-xs text-slate-400">
          <li className="flex gap-2">
            <ShieldCheck aria-hidden="true" className="size-4 shrink-0 text-pix" />
            {copy.pix.security}
          </li>
          <li className="flex gap-2">
            <Undo2 aria-hidden="true" className="size-4 shrink-0 text-brand-400" />
            {copy.pix.guarantee(guaranteeDays)}
          </li>
        </ul>
      ) : null}
    </div>
  );
}
