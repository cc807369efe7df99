// The affiliate's e-mail per payout (docs/affiliates.md#payouts): the amount and the E2E id, queued in the confirmation's transaction.
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import { affiliatePayoutEmail as copy } from '../../content/emails.ts';
import { escapeHtml } from '../../shared/html.ts';
import { formatBRL } from '../../shared/money.ts';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/schema.ts';
import { defineEmail, emailCopy, emailMessageId } from '../mail/define-email.ts';
import { greetingName } from '../mail/email-parts.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { enqueueOutboxMessage } from '../outbox/outbox-queue.ts';
import type { OutboxMessage } from '../outbox/outbox-repository.ts';
import { UndeliverableMessageError } from '../outbox/outbox-worker.ts';
import { findAffiliate } from './affiliates-repository.ts';
import type { PayoutRow } from './payouts-repository.ts';

export const PAYOUT_EMAIL_KIND = 'affiliate_payout';

export interface PayoutEmailInput {
  shop: string;
  affiliateName: string;
  amountCents: number;
  pixKey: string;
  endToEndId: string | null;
  demoMode?: boolean;
}

export const renderPayoutEmail = defineEmail((input: PayoutEmailInput) => {
  const firstName = greetingName(input.affiliateName);
  const plain = {
    shop: input.shop,
    firstName,
    amount: formatBRL(input.amountCents),
    pixKey: input.pixKey,
    endToEndId: input.endToEndId ?? '',
  };
  const parts = emailCopy(plain, { amount: `<strong>${escapeHtml(plain.amount)}</strong>` });
  return {
    subject: parts.text(copy.subject),
    preheader: parts.text(copy.preheader),
    demoMode: input.demoMode,
    blocks: [parts.paragraph(copy.intro), parts.paragraph(input.endToEndId ? copy.endToEnd : copy.byHand)],
    footer: [parts.line(copy.footer)],
  };
});

const PayloadSchema = z.object({ amountCents: z.number().int().positive(), endToEndId: z.string().nullable() });

/** In the confirmation's transaction: one e-mail per payout (the outbox's key is the payout's id and the kind). */
export async function queuePayoutEmail(trx: Transaction<Database>, payout: PayoutRow, now: number): Promise<void> {
  await enqueueOutboxMessage(trx, {
    orderId: payout.id,
    kind: PAYOUT_EMAIL_KIND,
    payload: { amountCents: Number(payout.amount_cents), endToEndId: payout.end_to_end_id },
    now,
  });
}

/** Read when the row's turn comes: the affiliate's address as it is then. */
export async function renderPayoutMessage(
  deps: { db: Kysely<Database>; config: Pick<Config, 'demoMode' | 'storefront'> },
  row: Pick<OutboxMessage, 'orderId' | 'kind' | 'payload'>,
): Promise<MailMessage> {
  const payout = await deps.db.selectFrom('affiliate_payouts').selectAll().where('id', '=', row.orderId).executeTakeFirst();
  const affiliate = payout ? await findAffiliate(deps.db, payout.affiliate_id) : undefined;
  const payload = PayloadSchema.safeParse(row.payload);
  if (!payout || !affiliate || !payload.success) throw new UndeliverableMessageError(`payout e-mail for ${row.orderId}: gone`);
  const email = renderPayoutEmail({
    shop: deps.config.storefront.seller.name,
    affiliateName: affiliate.name,
    amountCents: payload.data.amountCents,
    pixKey: payout.pix_key,
    endToEndId: payload.data.endToEndId,
    demoMode: deps.config.demoMode,
  });
  return { to: affiliate.email, ...email, messageId: emailMessageId(row.kind, row.orderId) };
}
