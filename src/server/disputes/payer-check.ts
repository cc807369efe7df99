import { normalizeDocument } from '../../shared/documents.ts';
import type { ProviderDispute } from '../gateway/pix-provider.ts';
import type { OrderRow } from '../orders/orders-repository.ts';

/** What was compared and how it came out, so the defence says no more; 0 and 1 keep their first meanings. */
export const PayerCheck = { documentDiffers: 0, matched: 1, document: 2, name: 3, both: 4 } as const;

export type PayerCheckValue = (typeof PayerCheck)[keyof typeof PayerCheck];

/** By CPF where both have one, and by name; never logged. A name only confirms, since banks shorten and reorder names. */
export function checkPayer(
  payer: ProviderDispute['payer'],
  order: Pick<OrderRow, 'buyer_document' | 'buyer_name'>,
): PayerCheckValue | null {
  if (!payer) return null;
  const nameMatches = Boolean(payer.name && order.buyer_name && sameName(payer.name, order.buyer_name));
  if (payer.document && order.buyer_document) {
    if (normalizeDocument(payer.document) !== normalizeDocument(order.buyer_document)) return PayerCheck.documentDiffers;
    return nameMatches ? PayerCheck.both : PayerCheck.document;
  }
  return nameMatches ? PayerCheck.name : null;
}

const sameName = (a: string, b: string) => {
  const plain = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
  return plain(a) === plain(b);
};
