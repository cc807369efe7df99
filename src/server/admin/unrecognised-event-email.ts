// The seller's alert about an event no reader knows, at SUPPORT_EMAIL: its template and renderer (docs/payments.md#unrecognised-events).
import { unrecognisedEventEmail as words } from '../../content/emails.ts';
import { providerNames } from '../../content/providers.ts';
import type { Config } from '../config/config.ts';
import { defineEmail, emailCopy, emailMessageId } from '../mail/define-email.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { UNRECOGNISED_EVENT_FAMILY } from '../orders/unrecognised-events.ts';
import type { OutboxMessage } from '../outbox/outbox-repository.ts';

const renderUnrecognisedEventEmail = defineEmail(({ provider, event }: { provider: string; event: string }) => {
  const parts = emailCopy({ provider, event });
  return {
    subject: parts.text(words.subject),
    preheader: parts.text(words.preheader),
    blocks: [parts.paragraph(words.intro), parts.paragraph(words.action)],
    footer: [parts.line(words.footer)],
  };
});

export async function renderUnrecognisedEventAlert(
  deps: { config: Pick<Config, 'mail'> },
  row: Pick<OutboxMessage, 'kind'>,
): Promise<MailMessage> {
  const [id = '', ...rest] = row.kind.slice(UNRECOGNISED_EVENT_FAMILY.length).split(':');
  const provider = (providerNames as Readonly<Record<string, string>>)[id] ?? id;
  return {
    to: deps.config.mail.supportEmail,
    ...renderUnrecognisedEventEmail({ provider, event: rest.join(':') }),
    messageId: emailMessageId('unrecognised-event', row.kind.slice(UNRECOGNISED_EVENT_FAMILY.length)),
  };
}
