// The owner's invitation to the console (docs/editing.md#users): the link is the only key.
import { randomUUID } from 'node:crypto';
import { consoleUsers } from '../../content/console-users.ts';
import { inviteEmail as copy } from '../../content/emails.ts';
import type { ConsolePermission } from '../../shared/admin-users.ts';
import { formatDateTime } from '../../shared/time.ts';
import { buttonBlock, defineEmail, emailCopy, emailMessageId } from '../mail/define-email.ts';
import type { MailMessage } from '../mail/mailer.ts';

interface InviteEmailInput {
  shop: string;
  link: string;
  permissions: readonly ConsolePermission[];
  expiresAt: number;
  demoMode: boolean;
}

const renderInviteEmail = defineEmail((input: InviteEmailInput) => {
  const permissions = input.permissions.map((permission) => consoleUsers.permissions[permission]).join(', ') || '—';
  const parts = emailCopy({ shop: input.shop, permissions, until: formatDateTime(input.expiresAt) });
  return {
    subject: parts.text(copy.subject),
    preheader: parts.text(copy.preheader),
    demoMode: input.demoMode,
    blocks: [
      parts.paragraph(copy.intro),
      buttonBlock(input.link, copy.button, copy.rawLink, [`${copy.rawLink} ${input.link}`, '']),
      parts.paragraph(copy.expiry),
    ],
    footer: [parts.line(copy.footer)],
  };
});

/** Sent at once, not through the outbox: the owner sees at once whether it went, and the link to pass on if not. */
export function renderInviteMessage({ to, ...input }: InviteEmailInput & { to: string }): MailMessage {
  return { to, messageId: emailMessageId('console-invite', randomUUID()), ...renderInviteEmail(input) };
}
