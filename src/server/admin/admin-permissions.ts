// What each console route needs, checked on the server for every request (docs/editing.md#users).
import type { ConsoleAccess } from '../../shared/admin-users.ts';
import type { ConsoleActor } from './admin-users.ts';

export const ROUTE_ACCESS: Readonly<Record<string, ConsoleAccess>> = {
  'POST /sessions/end-all': 'owner',
  'POST /logout': 'signed_in',
  // Any console's own page errors, whoever is signed in (docs/operations.md#console-errors).
  'POST /errors': 'signed_in',
  // Each person's own devices and what rings for them (docs/notifications.md); what a kind names is checked at send.
  'GET /notifications': 'signed_in',
  'POST /notifications/devices': 'signed_in',
  'POST /notifications/devices/:id/remove': 'signed_in',
  'POST /notifications/devices/forget': 'signed_in',
  'POST /notifications/preferences': 'signed_in',

  'GET /page': 'page',
  'POST /page/draft': 'page',
  'POST /page/draft/discard': 'page',
  'GET /page/saves': 'page',
  'GET /page/preview/:page': 'page',
  'POST /page/publish': 'page',
  'GET /page/versions/:number': 'page',
  'POST /page/versions/:number/restore': 'page',
  'POST /page/images': 'page',
  'GET /page/figures': 'orders',
  // A/B tests change the page (a declared winner is published as a version): the page's editors run them.
  'GET /experiments': 'page',
  'POST /experiments': 'page',
  'POST /experiments/:id/stop': 'page',
  'POST /experiments/:id/winner': 'page',

  'GET /overview': 'orders',
  'GET /orders': 'orders',
  'GET /orders.csv': 'orders',
  'GET /orders/:id': 'orders',
  'GET /orders/:id/evidence': 'orders',
  'GET /orders/:id/whatsapp': 'orders',
  'POST /orders/:id/whatsapp/console': 'orders',
  'POST /orders/:id/resend': 'orders',
  'POST /orders/:id/revoke': 'orders',
  'POST /orders/:id/email': 'orders',
  'POST /outbox/:id/retry': 'orders',
  'POST /buyer': 'orders',
  'POST /buyer/export': 'orders',
  'POST /buyer/delete': 'orders',
  'GET /reviews': 'orders',
  'POST /reviews/order': 'orders',
  'POST /reviews/:orderId/publish': 'orders',
  'POST /reviews/:orderId/hide': 'orders',
  'GET /disputes': 'orders',
  // Affiliates' sales and money are read with the orders; who joins and at what rate is the owner's (docs/affiliates.md).
  'GET /affiliates': 'orders',
  'GET /affiliates/payouts': 'orders',
  'GET /affiliates/payouts/export.csv': 'orders',
  'GET /disputes/:id/defence': 'orders',
  'GET /disputes/:id/defence.pdf': 'orders',

  'POST /orders/:id/refund': 'refunds',
  'POST /orders/:id/refund/start': 'refunds',
  'POST /orders/:id/refund/decline': 'refunds',
  'POST /disputes': 'refunds',
  'POST /disputes/poll': 'refunds',
  'POST /disputes/:id/defence': 'refunds',
  'POST /disputes/:id/resolve': 'refunds',
  'POST /dispute-blocks/:id/remove': 'refunds',

  // Settings and users: the owner's.
  'GET /health': 'owner',
  'GET /audit': 'owner',
  'GET /suppliers': 'owner',
  'GET /suppliers.csv': 'owner',
  'POST /suppliers/preview': 'owner',
  'POST /suppliers': 'owner',
  'POST /affiliates': 'owner',
  'POST /affiliates/rates': 'owner',
  'POST /affiliates/:id/rates': 'owner',
  'POST /affiliates/:id/state': 'owner',
  // Money leaves the shop: only the owner approves a payout batch, marks one paid by hand or sets the schedule.
  'POST /affiliates/payouts/settings': 'owner',
  'POST /affiliates/payouts/approve': 'owner',
  'POST /affiliates/payouts/:id/paid': 'owner',
  'GET /users': 'owner',
  'POST /users/invite': 'owner',
  'POST /users/:id/permissions': 'owner',
  'POST /users/:id/revoke': 'owner',
};

const patterns = Object.entries(ROUTE_ACCESS).map(([route, access]) => {
  const [method, path] = route.split(' ') as [string, string];
  const source = path
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return { method, path: new RegExp(`^${source}$`), access };
});

/** The access a request needs, by its method and path under /api/admin; a route not in the table is the owner's. */
export function accessOf(method: string, path: string): ConsoleAccess {
  const asked = method === 'HEAD' ? 'GET' : method;
  return patterns.find((pattern) => pattern.method === asked && pattern.path.test(path))?.access ?? 'owner';
}

export function mayAccess(actor: ConsoleActor, access: ConsoleAccess): boolean {
  if (actor.owner) return true;
  if (access === 'signed_in') return true;
  if (access === 'owner') return false;
  return actor.permissions.includes(access);
}
