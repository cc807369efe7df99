import { checkout as copy } from '../../content/checkout.ts';
import type { CreatedOrder } from '../../shared/checkout.ts';
import { CopyButton } from './copy-button.tsx';

/** The QR is 200×200 (docs/product.md#money-and-capacity). */
const QR_SIZE = 200;

export function PixQr({ pix }: { pix: CreatedOrder['pix'] }) {
  if (pix.qrSvg) {
    return (
      <div
        role="img"
        aria-label={copy.pix.qrAlt}
        data-testid="pix-qr"
        className="rounded-xl bg-white p-2 [&>svg]:block [&>svg]:h-full [&>svg]:w-full"
        style={{ width: QR_SIZE, height: QR_SIZE }}
        // The SVG is drawn by our server from the PIX code with the qrcode library (docs/product.md#4-the-qr-code-is-drawn-locally).
        dangerouslySetInnerHTML={{ __html: pix.qrSvg }}
      />
    );
  }
  if (pix.image) {
    return <img src={pix.image} alt={copy.pix.qrAlt} width={QR_SIZE} height={QR_SIZE} className="rounded-xl bg-white p-2" />;
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

/** The copia-e-cola code, selectable, with its copy button beside it. */
export function PixCodeField({ code }: { code: string }) {
  return (
    <div className="w-full">
      <label htmlFor="pix-code" className="mb-1.5 block text-sm font-semibold text-slate-200">
        {copy.pix.copyLabel}
      </label>
      <div className="flex gap-2">
        <input
          id="pix-code"
          readOnly
          value={code}
          onFocus={(event) => event.currentTarget.select()}
          className="min-h-12 min-w-0 flex-1 rounded-xl border border-line bg-ink-950 px-3 font-mono text-xs text-slate-200"
        />
        <CopyButton text={code} />
      </div>
    </div>
  );
}
