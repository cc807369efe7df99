// Console users by name (docs/editing.md#users): what each may do, and the owner's forms. The server's table of routes
// (server/admin/admin-permissions.ts) names one of these, or the owner, for every console route.
import { emailSchema } from './checkout.ts';
import { list, text, z } from './zod.ts';

/** Edit the page; see orders and buyers' data; refund (and answer disputes). */
export const CONSOLE_PERMISSIONS = ['page', 'orders', 'refunds'] as const;
export type ConsolePermission = (typeof CONSOLE_PERMISSIONS)[number];

/** Settings and users are the owner's alone. */
export type ConsoleAccess = ConsolePermission | 'owner' | 'signed_in';

export const PASSWORD_MIN_LENGTH = 12;
/** A console user's name, as the audit log and the users' list show it. */
export const USER_NAME_MAX = 80;

const permissionsSchema = list(z.enum(CONSOLE_PERMISSIONS), CONSOLE_PERMISSIONS.length);

export const AdminInviteSchema = z.object({ email: emailSchema(), permissions: permissionsSchema });
export const AdminPermissionsSchema = z.object({ permissions: permissionsSchema });
/** The token is the link's fragment: never in a URL a log keeps. */
export const AdminInviteTokenSchema = z.object({ token: text(z.string().min(20).max(100)) });
export const AdminInviteAcceptSchema = AdminInviteTokenSchema.extend({
  name: text(z.string().trim().min(2).max(USER_NAME_MAX)),
  password: text(z.string().min(PASSWORD_MIN_LENGTH).max(200)),
});

/**
 * A person's name for what the console keeps in their browser (the page's local copy, the forms' typing): the owner
 * is `owner`, a console user `user-<id>`, so a re-login (a new session) finds it and another person never does.
 */
export const personKey = (userId: string | null) => (userId === null ? 'owner' : `user-${userId}`);

export interface ConsoleUserInfo {
  name: string;
  owner: boolean;
  permissions: ConsolePermission[];
}

export interface AdminUser {
  id: string;
  name: string;
  email: string;
  permissions: ConsolePermission[];
  createdAt: number;
  revokedAt: number | null;
}

export interface AdminInvite {
  email: string;
  permissions: ConsolePermission[];
  createdAt: number;
  expiresAt: number;
}

export interface AdminUserList {
  users: AdminUser[];
  invites: AdminInvite[];
}

/** The link is also shown to the owner, to send by another way if the e-mail does not arrive. */
export interface AdminInviteReply {
  link: string;
  expiresAt: number;
  emailed: boolean;
}

/** Each version's sales (docs/editing.md#figures): counts, and revenue as the purchase ledger's net paid. */
export interface PageVersionFigures {
  number: number;
  liveFrom: number | null;
  liveUntil: number | null;
  visitors: number;
  checkoutsBegun: number;
  pixPaid: number;
  revenueCents: number;
}
