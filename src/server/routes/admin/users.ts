import { setCookie } from 'hono/cookie';
import { consoleUsers as copy } from '../../../content/console-users.ts';
import { AdminInviteAcceptSchema, AdminInviteSchema, AdminInviteTokenSchema, AdminPermissionsSchema } from '../../../shared/admin-users.ts';
import { recordAudit } from '../../admin/admin-audit.ts';
import { openSession, sessionLabel } from '../../admin/admin-auth.ts';
import { acceptInvite, changePermissions, createInvite, listUsers, readInvite, revokeUser, userActor } from '../../admin/admin-users.ts';
import { renderInviteMessage } from '../../admin/invite-email.ts';
import { apiError, limitBody } from '../../http/http.ts';
import { forgetPushDevices } from '../../push/push-console.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { sendReply } from '../api-reply.ts';
import { ADMIN_COOKIE, adminRouter, auditClient, json, ok, tooLarge } from './console.ts';
import { cookieOptions } from './session.ts';

/** Where the console opens the invitation: the token in the fragment, which no server or proxy log receives. */
const CONSOLE_PATH = '/painel';

export function adminUsersRoutes(mailer: Mailer | undefined) {
  return adminRouter()
    .get('/users', async (c) => sendReply(c, 'GET', await listUsers(c.var.db, c.var.now())))

    .post('/users/invite', limitBody(1024, tooLarge), json(AdminInviteSchema), async (c) => {
      const { email, permissions } = c.req.valid('json');
      const now = c.var.now();
      const invite = await createInvite(c.var.db, { email, permissions, now });
      if (invite === 'taken') return apiError(c, 409, copy.api.emailTaken, { email: copy.api.emailTaken });
      const origin = new URL(c.var.config.publicUrl ?? c.req.url).origin;
      const link = `${origin}${CONSOLE_PATH}#convite=${invite.token}`;
      const { config } = c.var;
      const emailed = mailer
        ? await mailer
            .send(
              renderInviteMessage({
                to: email,
                shop: config.storefront.seller.name,
                link,
                permissions,
                expiresAt: invite.expiresAt,
                demoMode: config.demoMode,
              }),
            )
            .then(() => true)
            .catch((error: unknown) => {
              c.var.logger.warn('Console invitation e-mail not sent', { error: String(error) });
              return false;
            })
        : false;
      // The audit keeps whom, by a count of permissions only: the address is the invitee's personal data.
      await recordAudit(c.var.db, {
        session: c.var.session,
        action: 'user_invite',
        detail: { permissions, emailed },
        client: auditClient(c),
        now,
      });
      return sendReply(c, 'POST', { link, expiresAt: invite.expiresAt, emailed });
    })

    .post('/users/:id/permissions', limitBody(1024, tooLarge), json(AdminPermissionsSchema), async (c) => {
      const { permissions } = c.req.valid('json');
      if (!(await changePermissions(c.var.db, c.req.param('id'), permissions))) return apiError(c, 404, copy.api.userNotFound);
      const detail = { user: c.req.param('id'), permissions };
      await recordAudit(c.var.db, { session: c.var.session, action: 'user_permissions', detail, client: auditClient(c), now: c.var.now() });
      return sendReply(c, 'POST', await listUsers(c.var.db, c.var.now()));
    })

    .post('/users/:id/revoke', async (c) => {
      const now = c.var.now();
      if (!(await revokeUser(c.var.db, c.req.param('id'), now))) return apiError(c, 404, copy.api.userNotFound);
      await forgetPushDevices(c.var.db, c.req.param('id'));
      const detail = { user: c.req.param('id') };
      await recordAudit(c.var.db, { session: c.var.session, action: 'user_revoke', detail, client: auditClient(c), now });
      return sendReply(c, 'POST', await listUsers(c.var.db, now));
    });
}

/** Before any session: the invitee opens the link, then sets their name and password, and is signed in. */
export const adminInviteRoutes = adminRouter()
  .post('/invite/check', limitBody(1024, tooLarge), json(AdminInviteTokenSchema), async (c) => {
    const invite = await readInvite(c.var.db, c.req.valid('json').token, c.var.now());
    if (!invite) return apiError(c, 410, copy.api.inviteGone);
    return sendReply(c, 'POST', invite);
  })

  .post(
    '/invite/accept',
    limitBody(1024, tooLarge),
    json(AdminInviteAcceptSchema, { message: copy.api.invalid, field: 'password' }),
    async (c) => {
      const { token, name, password } = c.req.valid('json');
      const now = c.var.now();
      const user = await acceptInvite(c.var.db, { token, name, password, now });
      if (user === 'gone') return apiError(c, 410, copy.api.inviteGone);
      if (user === 'taken') return apiError(c, 409, copy.api.emailTaken);
      const cookieValue = await openSession(c.var.db, { actor: userActor(user), tagKey: user.password_hash }, now);
      setCookie(c, ADMIN_COOKIE, cookieValue, cookieOptions(c));
      await recordAudit(c.var.db, { session: sessionLabel(cookieValue), action: 'invite_accepted', client: auditClient(c), now });
      return sendReply(c, 'POST', ok);
    },
  );
