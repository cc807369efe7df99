import type { Kysely } from 'kysely';
import { whatsappConsoleText } from '../../content/whatsapp.ts';
import { formatBRL } from '../../shared/money.ts';
import { paths } from '../../shared/routes.ts';
import type { Database } from '../db/schema.ts';
import { greetingName } from '../mail/email-parts.ts';
import type { OrderRow } from '../orders/orders-repository.ts';
import { whatsappRecipient } from './phone-key.ts';
import { recordConsoleMessage } from './whatsapp-repository.ts';
import { findOrderById } from '../orders/order-lookup.ts';

/** "Cobrar no WhatsApp" without the Cloud API: a wa.me link (docs/whatsapp.md#the-console). */
type ConsoleOrder = Pick<OrderRow, 'public_ref' | 'buyer_name' | 'buyer_phone' | 'amount_cents'>;

/** The wa.me link for an order, or null when its phone is no Brazilian number with a DDD. */
export function consoleMessageUrl(order: ConsoleOrder, publicUrl: string): string | null {
  const to = whatsappRecipient(order.buyer_phone);
  if (!to) return null;
  const text = whatsappConsoleText({
    // A name that is not a plain first name (a URL, a number) gets "Olá!", as the e-mails do.
    name: greetingName(order.buyer_name),
    amount: formatBRL(order.amount_cents),
    orderUrl: `${publicUrl.replace(/\/+$/, '')}${paths.order}/${encodeURIComponent(order.public_ref)}`,
  });
  return `https://wa.me/${to}?text=${encodeURIComponent(text)}`;
}

export type ConsoleMessageResult = { url: string } | 'not_found' | 'not_pending' | 'no_number';

/** Only a payable PIX; the use is logged before WhatsApp opens, so a following payment counts for the button. */
export async function openConsoleMessage(
  db: Kysely<Database>,
  order: { orderId: string; publicUrl: string; now: number },
): Promise<ConsoleMessageResult> {
  const row = await findOrderById(db, order.orderId);
  if (!row) return 'not_found';
  if (row.status !== 'pending' || Number(row.expires_at) <= order.now) return 'not_pending';
  const url = consoleMessageUrl(row, order.publicUrl);
  if (!url) return 'no_number';
  await recordConsoleMessage(db, row.id, order.now);
  return { url };
}
