import { ExternalLink, ShieldCheck, Undo2 } from 'lucide-react';
import { checkout as copy } from '../../content/checkout.ts';
import type { CreatedOrder } from '../../shared/checkout.ts';
import { formatBRL } from '../../shared/money.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { CopyButton } from './copy-button.tsx';
import { formatTimeLeft, useTimeLeft } from './use-countdown.ts';

/** QR spec §9: 200×200. */
const QR_SIZE = 200;

function QrImage({ order }: { order: CreatedOrder }) {
  if (order.pix.qrSvg) {
    return (
      <div
        role="img"
        aria-label={copy.pix.qrAlt}
        data-testid="pix-qr"
        className="rounded-xl bg-white p-2 [&>svg]:block [&>svg]:h-full [&>svg]:w-full"
        style={{ width: QR_SIZE, height: QR_SIZE }}
        // The SVG is drawn by our server from the PIX code with the qrcode library (DESIGN §1.4).
        dangerouslySetInnerHTML={{ __html: order.pix.qrSvg }}
      />
    );
  }
  if (order.pix.image) {
    return (
      <img src={order.pix.image} alt={copy.pix.qrAlt} width={QR_SIZE} height={QR_SIZE} className="rounded-xl bg-white p-2" />
    );
  }
  return (
    <div
      className="grid place-items-center rounded-xl border border-dashed border-line text-center text-sm text-slate-400"
      style={{ width: QR_SIZE, height: QR_SIZE }}
    >
      {copy.pix.qrMissing}
    </div>
  );
}

/** After a charge is created: how to pay it (spec §2 "Payment modal"). */
export function PixPanel({
  order,
  onRegenerate,
  regenerating,
  sandbox,
  onCheckNow,
  checking,
}: {
  order: CreatedOrder;
  onRegenerate: () => void;
  regenerating: boolean;
  sandbox: boolean;
  onCheckNow: () => void;
  checking: boolean;
}) {
  const timeLeft = useTimeLeft(order.expiresAt);
  const expired = timeLeft <= 0;

  return (
    <div className="mt-4 space-y-4">
      <Alert variant="success">{copy.pix.success}</Alert>

      <div className="flex items-baseline justify-between rounded-xl bg-ink-800 px-4 py-3">
        <span className="text-sm text-slate-300">{copy.pix.amountLabel}</span>
        <span className="text-2xl font-black text-white" data-testid="pix-amount">
          {formatBRL(order.amountCents)}
        </span>
      </div>

      <div className="flex flex-col items-center gap-2">
        <QrImage order={order} />
        <p className={expired ? 'text-sm font-semibold text-red-300' : 'text-sm text-slate-300'} aria-live="polite">
          {expired ? copy.pix.expired : copy.pix.expiresIn(formatTimeLeft(timeLeft))}
        </p>
        {expired ? (
          <Button variant="secondary" onClick={onRegenerate} disabled={regenerating}>
            {regenerating ? copy.form.processing : copy.pix.regenerate}
          </Button>
        ) : null}
      </div>

      {order.pix.code ? (
        <div>
          <label htmlFor="pix-code" className="mb-1.5 block text-sm font-semibold text-slate-200">
            {copy.pix.copyLabel}
          </label>
          <div className="flex gap-2">
            <input
              id="pix-code"
              readOnly
              value={order.pix.code}
              onFocus={(event) => event.currentTarget.select()}
              className="min-h-12 min-w-0 flex-1 rounded-xl border border-line bg-ink-950 px-3 font-mono text-xs text-slate-200"
            />
            <CopyButton text={order.pix.code} />
          </div>
        </div>
      ) : null}

      {!expired ? <p className="text-center text-sm font-semibold text-gold-300">{copy.pix.spotSecured}</p> : null}

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
          <a
            href={order.sandboxPayUrl}
            target="_blank"
            rel="noopener"
            className="mt-1 inline-flex items-center gap-1 font-bold underline underline-offset-4"
          >
            {copy.pix.sandboxLink}
            <ExternalLink aria-hidden="true" className="size-3.5" />
          </a>
        </div>
      ) : null}

      <div>
        <h3 className="text-sm font-bold uppercase tracking-wider text-slate-300">{copy.pix.stepsTitle}</h3>
        <ol className="mt-2 space-y-2">
          {copy.pix.steps.map((step, index) => (
            <li key={step} className="flex gap-3 text-sm text-slate-300">
              <span className="grid size-6 shrink-0 place-items-center rounded-full bg-pix/20 text-xs font-bold text-pix">
                {index + 1}
              </span>
              {step}
            </li>
          ))}
        </ol>
      </div>

      <ul className="space-y-2 rounded-xl border border-line bg-ink-850 p-3 text-xs text-slate-400">
        <li className="flex gap-2">
          <ShieldCheck aria-hidden="true" className="size-4 shrink-0 text-pix" />
          {copy.pix.security}
        </li>
        <li className="flex gap-2">
          <Undo2 aria-hidden="true" className="size-4 shrink-0 text-brand-400" />
          {copy.pix.guarantee}
        </li>
      </ul>
    </div>
  );
}
