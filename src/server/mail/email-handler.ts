import { maskEmail } from '../lib/mask-email.ts';
import type { OutboxHandler } from '../outbox/outbox-kinds.ts';
import type { OutboxMessage } from '../outbox/outbox-repository.ts';
import type { MailMessage, Mailer } from './mailer.ts';

/**
 * The outbox handler of an e-mail kind: `render` builds the message at send time from the row
 * (its consumer reads the order then), and the mailer sends it. `render`'s `messageId` must be the
 * same on every attempt at one row, e.g. `<access-{orderId}-{kind}@vitrine>`, so a retried send
 * is one message to the mail server.
 */
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
