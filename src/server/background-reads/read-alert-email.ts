// The seller's alert when a provider's disputes cannot be read for an hour: its e-mail and WhatsApp (docs/disputes.md#loud).
import type { Kysely } from 'kysely';
import { disputePollAlertEmail as words } from '../../content/emails.ts';
import { disputePollAlert as pollCopy } from '../../content/disputes.ts';
import { providerNames } from '../../content/providers.ts';
import { formatDateTime } from '../../shared/time.ts';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/schema.ts';
import { defineEmail, emailCopy, emailMessageId } from '../mail/define-email.ts';
import type { MailMessage } from '../mail/mailer.ts';
import type { OutboxMessage } from '../outbox/outbox-repository.ts';
import { MessageNotNeededError } from '../outbox/outbox-worker.ts';
import { listPollHealth } from './dispute-poll-repository.ts';
import { DISPUTE_POLL_ALERT_FAMILY, DISPUTE_POLL_WHATSAPP_FAMILY } from './dispute-poller.ts';
import type { OutboxHandler } from '../outbox/outbox-kinds.ts';
import { sellerWhatsappHandler } from './dispute-alerts.ts';
import { paths } from '../../shared/routes.ts';

const renderDisputePollAlertEmail = defineEmail((values: { provider: string; since: string; error: string }) => {
  const parts = emailCopy(values);
  return {
    subject: parts.text(words.subject),
    preheader: parts.text(words.preheader),
    blocks: [parts.paragraph(words.intro), parts.paragraph(words.risk), parts.paragraph(words.action)],
    footer: [parts.line(words.footer)],
  };
});

/** The run of failures a poll alert row names, read again when it goes: nothing to say once the list reads again. */
async function failingPoll(db: Kysely<Database>, row: Pick<OutboxMessage, 'kind'>, family: string) {
  const [provider = '', since = ''] = row.kind.slice(family.length).split(':');
  const health = (await listPollHealth(db)).find((entry) => entry.provider === provider);
  if (!health || health.failingSince === null) throw new MessageNotNeededError('dispute list readable again');
  return {
    provider,
    name: (providerNames as Readonly<Record<string, string>>)[provider] ?? provider,
    since,
    error: health.lastError ?? '',
  };
}

export async function renderDisputePollAlert(
  deps: { db: Kysely<Database>; config: Pick<Config, 'mail'> },
  row: Pick<OutboxMessage, 'kind'>,
): Promise<MailMessage> {
  const failing = await failingPoll(deps.db, row, DISPUTE_POLL_ALERT_FAMILY);
  return {
    to: deps.config.mail.supportEmail,
    ...renderDisputePollAlertEmail({ provider: failing.name, since: formatDateTime(Number(failing.since)), error: failing.error }),
    messageId: emailMessageId('dispute-poll', failing.provider, failing.since),
  };
}

/**
 * Meta's template WHATSAPP_TEMPLATE_READ_ALERT on the seller's number: the provider, since when (Brasília time) and its
 * message with the fix; the console as its button.
 */
export function disputePollWhatsappHandler(deps: {
  db: Kysely<Database>;
  config: Pick<Config, 'whatsapp' | 'disputeAlertWhatsapp'>;
}): OutboxHandler {
  return sellerWhatsappHandler(deps.config, async (row, target) => {
    const failing = await failingPoll(deps.db, row, DISPUTE_POLL_WHATSAPP_FAMILY);
    return {
      template: target.readAlertTemplate,
      body: [pollCopy.whatsappWhat(failing.name), formatDateTime(Number(failing.since)), failing.error],
      urlSuffix: paths.admin.slice(1),
      callbackData: `dispute_poll:${failing.provider}:${failing.since}`,
    };
  });
}
