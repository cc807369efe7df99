import type { Kysely } from 'kysely';
import { z } from 'zod';
import { bankReturnEmail, pixReturnEmail } from '../../content/emails.ts';
import { escapeHtml } from '../../shared/html.ts';
import { formatBRL } from '../../shared/money.ts';
import { paths } from '../../shared/routes.ts';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/schema.ts';
import { defineEmail, emailCopy, emailMessageId } from '../mail/define-email.ts';
import { greetingName, html } from '../mail/email-parts.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { findOrderById } from '../orders/order-lookup.ts';
import type { ReturnWay } from '../open-finance/open-finance-twice.ts';
import { productNameOf } from '../purchase/purchase-items.ts';
import type { OutboxMessage } from '../outbox/outbox-repository.ts';
import { UndeliverableMessageError } from '../outbox/outbox-worker.ts';

/**
 * Paid by the PIX code and in the bank's app (docs/payments.md#open-finance): the order kept the PIX and asked the bank's
 * payment back (`bank`), or, the purchase already refunded through the bank's payment, asked the PIX back (`pix`).
 */
export interface BankReturnEmailInput {
  way?: ReturnWay;
  buyerName: string;
  amountCents: number;
  productName: string;
  /** The member page's address, where the buyer asks for the access link again. */
  recoverUrl: string;
  demoMode?: boolean;
}

export const renderBankReturnEmail = defineEmail((input: BankReturnEmailInput) => {
  // Only a name that reads as one: anyone can type anyone's address at checkout (mail/email-parts.ts).
  const name = greetingName(input.buyerName);
  const words = input.way === 'pix' ? pixReturnEmail : bankReturnEmail;
  const plain = { productName: input.productName, firstName: name, amount: formatBRL(input.amountCents), recoverUrl: input.recoverUrl };
  const copy = emailCopy(plain, {
    amount: `<strong>${escapeHtml(plain.amount)}</strong>`,
    recoverUrl: html.link(input.recoverUrl, input.recoverUrl),
  });
  return {
    subject: words.subject,
    preheader: copy.text(words.preheader),
    demoMode: input.demoMode,
    greet: { firstName: name },
    blocks: [copy.paragraph(words.intro), copy.paragraph(words.timing), copy.paragraph(words.access)],
    signature: { line: words.signature, productName: input.productName },
    footer: [copy.line(words.footer)],
  };
});

const PayloadSchema = z.object({ amountCents: z.number().int().positive() });

/** Reads the order when the row's turn comes; the amount is the returned payment's, as it was asked back. */
export async function renderBankReturnMessage(
  deps: { db: Kysely<Database>; config: Pick<Config, 'demoMode'>; publicUrl: () => string },
  way: ReturnWay,
  row: Pick<OutboxMessage, 'orderId' | 'kind' | 'payload'>,
): Promise<MailMessage> {
  const order = await findOrderById(deps.db, row.orderId);
  const payload = PayloadSchema.safeParse(row.payload);
  if (!order || !order.buyer_email || !payload.success) throw new UndeliverableMessageError(`bank return e-mail for ${row.orderId}: gone`);
  const email = renderBankReturnEmail({
    way,
    buyerName: order.buyer_name,
    amountCents: payload.data.amountCents,
    productName: await productNameOf(deps.db, order.id),
    recoverUrl: `${deps.publicUrl().replace(/\/+$/, '')}${paths.access}`,
    demoMode: deps.config.demoMode,
  });
  return { to: order.buyer_email, ...email, messageId: emailMessageId(row.kind, row.orderId) };
}
