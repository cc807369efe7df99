import { maskEmail } from '../lib/mask-email.ts';
import type { OutboxHandler } from '../outbox/outbox-kinds.ts';
import type { OutboxMessage } from '../outbox/outbox-repository.ts';
import type { MailMessage, Mailer } from './mailer.ts';

/** Renders at send time; `messageId` must be the same on every attempt at one row, so a retry is one message. */
export function emailHandler(mailer: Mailer, render: (message: OutboxMessage) => Promise<MailMessage>): OutboxHandler {
  return {
    channel: 'e-mail',
    mode: mailer.mode,
    async deliver(message, signal) {
      const mail = await render(message);
      signal.throwIfAborted();
      await mailer.send(mail, { signal });
      return { recipient: maskEmail(mail.to) };
    },
  };
}
