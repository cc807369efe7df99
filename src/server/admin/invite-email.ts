// The owner's invitation to the console (docs/editing.md#users): the link is the only key.
import { consoleUsers } from '../../content/console-users.ts';
import { inviteEmail as copy } from '../../content/emails.ts';
import type { ConsolePermission } from '../../shared/admin-users.ts';
import { formatDateTime } from '../../shared/time.ts';
import { buttonBlock, defineEmail, emailCopy } from '../mail/define-email.ts';

export const renderInviteEmail = defineEmail(
  (input: { shop: string; link: string; permissions: readonly ConsolePermission[]; expiresAt: number; demoMode: boolean }) => {
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
  },
);
