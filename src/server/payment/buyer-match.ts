import { digitsOnly } from '../../shared/digits.ts';
import { normalizeDocument } from '../../shared/documents.ts';
import type { TransactionCustomer } from '../gateway/types.ts';
import type { OrderRow } from '../orders/orders-repository.ts';

/** DDD + number: the gateway may prefix Brazil's country code to what we sent. */
function nationalPhone(value: string): string {
  const digits = digitsOnly(value);
  return digits.length > 11 && digits.startsWith('55') ? digits.slice(2) : digits;
}

/** Postback ids are attacker-chosen: every identifier both sides carry must agree; a document only when the buyer gave one. */
export function customerMatchesBuyer(
  customer: TransactionCustomer | undefined,
  order: Pick<OrderRow, 'buyer_email' | 'buyer_phone' | 'buyer_document'>,
): boolean {
  if (!customer) return false;
  const pairs: Array<[string | null, string | null]> = [
    [customer.email?.trim().toLowerCase() || null, order.buyer_email.trim().toLowerCase() || null],
    [customer.phone ? nationalPhone(customer.phone) || null : null, nationalPhone(order.buyer_phone) || null],
    [
      customer.document && order.buyer_document ? normalizeDocument(customer.document) : null,
      order.buyer_document ? normalizeDocument(order.buyer_document) : null,
    ],
  ];
  const compared = pairs.filter((pair): pair is [string, string] => pair[0] !== null && pair[1] !== null);
  return compared.length > 0 && compared.every(([theirs, ours]) => theirs === ours);
}
