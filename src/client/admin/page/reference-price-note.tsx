import { pageEditor as copy } from '../../../content/offer.ts';
import type { LiveReferencePrice } from '../../../shared/offer.ts';
import { Alert } from '../../ui/alert.tsx';
import { formatBRL, formatDateTime } from '../format.ts';

/** The live "de R$ X": until when the page may print it, or that the server took it off and why (docs/editing.md#prices). */
export function ReferencePriceNote({ reference }: { reference: LiveReferencePrice | null }) {
  if (!reference || reference.honestUntil === null) return null;
  const price = formatBRL(reference.priceCents);
  const at = formatDateTime(reference.honestUntil);
  return reference.withdrawn ? (
    <Alert variant="destructive">{copy.referencePrice.withdrawn(price, at, reference.withdrawn.days)}</Alert>
  ) : (
    <p className="text-sm text-slate-300">{copy.referencePrice.until(price, at)}</p>
  );
}
