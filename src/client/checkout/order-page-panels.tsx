import { CircleAlert, MailCheck, TimerOff, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { orderPage as copy } from '../../content/order-page.ts';
import type { OrderItem, OrderStatusReply } from '../../shared/checkout.ts';
import { formatBRL } from '../../shared/money.ts';
import { ApiError, apiFetch } from '../lib/api.ts';
import { getPublicConfig } from '../lib/public-config.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { OrderSummary } from './order-summary.tsx';

function Heading({ icon: Icon, title, text }: { icon: typeof MailCheck; title: string; text: string }) {
  return (
    <>
      <span className="mt-8 grid size-12 place-items-center rounded-xl bg-brand-tint text-brand-400">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <h1 className="mt-4 text-3xl leading-tight font-black text-balance text-white">{title}</h1>
      <p className="mt-2 text-pretty text-slate-300">{text}</p>
    </>
  );
}

type ResendState = 'idle' | 'sending' | 'sent' | 'too-many' | 'failed';

/** "Pagamento confirmado": where the access went (masked), what was bought when known, and "Reenviar acesso". */
export function PaidOrderPanel({
  publicRef,
  maskedEmail,
  items,
  bankReturnedCents,
}: {
  publicRef: string;
  maskedEmail: string | null;
  items?: readonly OrderItem[] | undefined;
  /** Paid both ways: the bank app's payment, asked back. */
  bankReturnedCents?: number | undefined;
}) {
  const [resend, setResend] = useState<ResendState>('idle');
  const send = async () => {
    setResend('sending');
    try {
      await apiFetch('POST /api/order-page/:ref/resend', { params: { ref: publicRef } });
      setResend('sent');
    } catch (failure) {
      setResend(failure instanceof ApiError && failure.status === 429 ? 'too-many' : 'failed');
    }
  };
  const note = { sent: copy.paid.resent, 'too-many': copy.paid.tooMany, failed: copy.paid.resendFailed }[resend as 'sent'];
  return (
    <div role="status">
      <Heading icon={MailCheck} title={copy.paid.title} text={maskedEmail ? copy.paid.sentTo(maskedEmail) : copy.paid.sentToUnknown} />
      <p className="mt-1 text-sm text-slate-400">{copy.paid.checkSpam}</p>
      {bankReturnedCents ? (
        <Alert variant="success" className="mt-4">
          {copy.paid.paidTwice(formatBRL(bankReturnedCents))}
        </Alert>
      ) : null}
      {items && items.length > 0 ? (
        <div className="mt-5">
          <OrderSummary
            label={copy.paid.totalPaid}
            amountCents={items.reduce((total, item) => total + item.priceCents, 0)}
            items={items}
            amountTestId="order-total"
          />
        </div>
      ) : null}
      <Button className="mt-5" variant="secondary" onClick={() => void send()} disabled={resend === 'sending' || resend === 'sent'}>
        {resend === 'sending' ? copy.paid.resending : copy.paid.resend}
      </Button>
      {note ? (
        <Alert variant={resend === 'sent' ? 'success' : 'destructive'} className="mt-4">
          {note}
        </Alert>
      ) : null}
    </div>
  );
}

/** "Expirado" (or a charge that failed): nothing was charged; "Gerar novo PIX" opens the checkout. */
export function ExpiredOrderPanel({
  status,
  amountCents,
  replacedBy,
  onRegenerate,
}: {
  status: 'expired' | 'failed';
  amountCents: number;
  replacedBy?: string | undefined;
  onRegenerate: () => void;
}) {
  if (replacedBy) return <ReplacedOrderPanel amountCents={amountCents} replacedBy={replacedBy} />;
  const text = status === 'expired' ? copy.expired : copy.failed;
  return (
    <div>
      <Heading icon={TimerOff} title={text.title} text={text.text} />
      <p className="mt-3 text-sm text-slate-400">
        {copy.amountLabel}: <span className="font-bold text-white">{formatBRL(amountCents)}</span>
      </p>
      <Button className="mt-5" size="lg" block onClick={onRegenerate}>
        {copy.expired.regenerate}
      </Button>
    </div>
  );
}

/** A code retired because the buyer's earlier PIX was paid: what that one bought is theirs; what is left, if anything. */
function PaidElsewherePanel({ replacedBy, left }: { replacedBy: string; left: NonNullable<OrderStatusReply['leftToPay']> }) {
  const text = copy.paidElsewhere;
  return (
    <div>
      <Heading icon={MailCheck} title={text.title} text={text.text} />
      <p className="mt-3 text-sm text-slate-400">
        {left.amountCents > 0 ? (
          <>
            {text.left} {left.items.map((item) => item.title).join(' e ')}:{' '}
            <span className="font-bold text-white">{formatBRL(left.amountCents)}</span>
          </>
        ) : (
          text.nothingLeft
        )}
      </p>
      <a
        href={`/pedido/${encodeURIComponent(replacedBy)}`}
        className="mt-5 inline-flex font-semibold text-brand-300 underline-offset-4 hover:underline"
      >
        {text.link}
      </a>
    </div>
  );
}

/** A code retired by a newer checkout: never shown again; the newest one is a link away. */
export function ReplacedOrderPanel({
  amountCents,
  replacedBy,
  leftToPay,
}: {
  amountCents: number;
  replacedBy: string;
  leftToPay?: OrderStatusReply['leftToPay'];
}) {
  if (leftToPay) return <PaidElsewherePanel replacedBy={replacedBy} left={leftToPay} />;
  return (
    <div>
      <Heading icon={TimerOff} title={copy.replaced.title} text={copy.replaced.text} />
      <p className="mt-3 text-sm text-slate-400">
        {copy.amountLabel}: <span className="font-bold text-white">{formatBRL(amountCents)}</span>
      </p>
      <a
        href={`/pedido/${encodeURIComponent(replacedBy)}`}
        className="mt-5 inline-flex font-semibold text-brand-300 underline-offset-4 hover:underline"
      >
        {copy.replaced.link}
      </a>
    </div>
  );
}

/** Refunded or charged back: the money went back and the access ended; who to ask about it. */
export function ReversedOrderPanel() {
  const { supportEmail } = getPublicConfig();
  return (
    <div>
      <Heading icon={Undo2} title={copy.reversed.title} text={copy.reversed.text} />
      <p className="mt-4 text-sm text-slate-400">
        {copy.reversed.help}{' '}
        <a href={`mailto:${supportEmail}`} className="font-semibold break-words text-brand-300 underline-offset-4 hover:underline">
          {supportEmail}
        </a>
        .
      </p>
    </div>
  );
}

export function MissingOrderPanel() {
  return <Heading icon={CircleAlert} title={copy.notFound.title} text={copy.notFound.text} />;
}
