// The seller's alert when a provider's background read has failed for an hour: its e-mail and WhatsApp (docs/payments.md#loud).
import type { Kysely } from 'kysely';
import { backgroundReadNames } from '../../content/background-reads.ts';
import { readAlertEmail as words } from '../../content/emails.ts';
import { providerNames } from '../../content/providers.ts';
import { paths } from '../../shared/routes.ts';
import { formatDateTime } from '../../shared/time.ts';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/schema.ts';
import { sellerWhatsappHandler } from '../whatsapp/seller-whatsapp.ts';
import { defineEmail, emailCopy, emailMessageId } from '../mail/define-email.ts';
import type { MailMessage } from '../mail/mailer.ts';
import type { OutboxHandler } from '../outbox/outbox-kinds.ts';
import type { OutboxMessage } from '../outbox/outbox-repository.ts';
import { MessageNotNeededError } from '../outbox/outbox-worker.ts';
import { listReadHealth } from './background-reads-repository.ts';
import { READ_ALERT_FAMILY, READ_WHATSAPP_FAMILY, type BackgroundRead } from './background-reads.ts';

/** Rows queued before the reads shared one alert: `dispute_poll_alert:{provider}:{first failure}`, the dispute list's. */
export const DISPUTE_POLL_ALERT_FAMILY = 'dispute_poll_alert:';
export const DISPUTE_POLL_WHATSAPP_FAMILY = 'dispute_poll_whatsapp:';

const renderReadAlertEmail = defineEmail(
  (values: { provider: string; what: string; since: string; error: string; risk: string; action: string }) => {
    const parts = emailCopy(values);
    return {
      subject: parts.text(words.subject),
      preheader: parts.text(words.preheader),
      blocks: [parts.paragraph(words.intro), parts.paragraph(words.risk), parts.paragraph(words.action)],
      footer: [parts.line(words.footer)],
    };
  },
);

const isRead = (read: string): read is BackgroundRead => Object.hasOwn(backgroundReadNames, read);

/** The run of failures an alert row names, read again when it goes: nothing to say once the read succeeds again. */
async function failingRead(db: Kysely<Database>, row: Pick<OutboxMessage, 'kind'>) {
  const legacy = [DISPUTE_POLL_ALERT_FAMILY, DISPUTE_POLL_WHATSAPP_FAMILY].find((family) => row.kind.startsWith(family));
  const family = legacy ?? [READ_ALERT_FAMILY, READ_WHATSAPP_FAMILY].find((family) => row.kind.startsWith(family)) ?? '';
  const fields = row.kind.slice(family.length).split(':');
  const [provider = '', read = '', since = ''] = legacy ? [fields[0], 'disputes', fields[1]] : fields;
  const health = (await listReadHealth(db)).find((entry) => entry.provider === provider && entry.read === read);
  if (!isRead(read) || !health || health.failingSince === null) throw new MessageNotNeededError('read succeeds again');
  return {
    provider,
    read,
    name: (providerNames as Readonly<Record<string, string>>)[provider] ?? provider,
    since,
    error: health.lastError ?? '',
  };
}

export async function renderReadAlert(
  deps: { db: Kysely<Database>; config: Pick<Config, 'mail'> },
  row: Pick<OutboxMessage, 'kind'>,
): Promise<MailMessage> {
  const failing = await failingRead(deps.db, row);
  const read = backgroundReadNames[failing.read];
  return {
    to: deps.config.mail.supportEmail,
    ...renderReadAlertEmail({
      provider: failing.name,
      what: read.what,
      since: formatDateTime(Number(failing.since)),
      error: failing.error,
      risk: read.risk,
      action: read.action.replaceAll('{provider}', failing.name),
    }),
    messageId: emailMessageId('read-alert', failing.provider, failing.read, failing.since),
  };
}

/**
 * Meta's template WHATSAPP_TEMPLATE_READ_ALERT on the seller's number: what cannot be read at which provider, since when
 * (Brasília time) and its message with the fix; the console as its button.
 */
export function readAlertWhatsappHandler(deps: {
  db: Kysely<Database>;
  config: Pick<Config, 'whatsapp' | 'disputeAlertWhatsapp'>;
}): OutboxHandler {
  return sellerWhatsappHandler(deps.config, async (row, target) => {
    const failing = await failingRead(deps.db, row);
    return {
      template: target.readAlertTemplate,
      body: [`${backgroundReadNames[failing.read].what} da ${failing.name}`, formatDateTime(Number(failing.since)), failing.error],
      urlSuffix: paths.admin.slice(1),
      callbackData: `read:${failing.provider}:${failing.read}:${failing.since}`,
    };
  });
}
