import type { OrderFilterStatus } from '../../shared/admin.ts';
import type { ConsoleErrorReport } from '../../shared/console-errors.ts';
import type { AdminDisputeCreateSchema } from '../../shared/disputes.ts';
import type { ExperimentCreateSchema } from '../../shared/experiments/experiment-api.ts';
import type { Offer } from '../../shared/offer.ts';
import type { OfferPage } from '../../shared/offer-pages.ts';
import type { ListKey } from '../../shared/suppliers.ts';
import type { z } from '../../shared/zod.ts';
import { apiFetch } from '../lib/api.ts';

/** The console's calls to /api/admin/*. The session cookie travels by itself (same origin, HttpOnly). */

const base = '/api/admin';

export interface OrderFilters {
  status: OrderFilterStatus;
  from: string;
  to: string;
  q: string;
  page: number;
}

export function ordersQuery(filters: OrderFilters): string {
  const params = new URLSearchParams();
  if (filters.status !== 'all') params.set('status', filters.status);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.page > 1) params.set('page', String(filters.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const adminApi = {
  session: () => apiFetch('GET /api/admin/session'),
  /** A console user signs in with their e-mail; the owner may leave it empty (docs/editing.md#users). */
  login: (password: string, email = '') => apiFetch('POST /api/admin/login', { json: { password, ...(email ? { email } : {}) } }),
  logout: () => apiFetch('POST /api/admin/logout'),
  endAllSessions: () => apiFetch('POST /api/admin/sessions/end-all'),
  overview: () => apiFetch('GET /api/admin/overview'),
  orders: (filters: OrderFilters) => apiFetch('GET /api/admin/orders', { search: ordersQuery(filters) }),
  ordersCsvUrl: (filters: OrderFilters) => `${base}/orders.csv${ordersQuery({ ...filters, page: 1 })}`,
  order: (id: string) => apiFetch('GET /api/admin/orders/:id', { params: { id } }),
  orderWhatsapp: (id: string) => apiFetch('GET /api/admin/orders/:id/whatsapp', { params: { id } }),
  chargeOnWhatsapp: (id: string) => apiFetch('POST /api/admin/orders/:id/whatsapp/console', { params: { id } }),
  orderAction: (id: string, action: 'resend' | 'revoke') => apiFetch(`POST /api/admin/orders/:id/${action}`, { params: { id } }),
  /**
   * `gatewayChecked`: the seller confirmed the panel shows no refund (the retry after a call never seen);
   * `confirmDispute`: the seller confirmed again while a dispute is open (docs/disputes.md#never-twice).
   */
  startRefund: (id: string, { gatewayChecked = false, confirmDispute = false } = {}) =>
    apiFetch('POST /api/admin/orders/:id/refund/start', {
      params: { id },
      json: { ...(gatewayChecked ? { gatewayChecked: true } : {}), ...(confirmDispute ? { confirmDispute: true } : {}) },
    }),
  /** "Marcar como reembolsado", after refunding in the provider's panel. */
  markRefunded: (id: string, confirmDispute = false) =>
    apiFetch('POST /api/admin/orders/:id/refund', { params: { id }, json: confirmDispute ? { confirmDispute: true } : {} }),
  declineRefund: (id: string, reason: string) =>
    apiFetch('POST /api/admin/orders/:id/refund/decline', { params: { id }, json: { reason } }),
  evidenceUrl: (id: string, format: 'pdf' | 'html') => `${base}/orders/${encodeURIComponent(id)}/evidence?format=${format}`,
  correctEmail: (id: string, email: string) => apiFetch('POST /api/admin/orders/:id/email', { params: { id }, json: { email } }),
  // Each supplier list by its key (`?list=`); the server takes the main list without one.
  suppliers: (list: ListKey) => apiFetch('GET /api/admin/suppliers', { search: `?list=${list}` }),
  suppliersCsvUrl: (list: ListKey) => `${base}/suppliers.csv?list=${list}`,
  previewSuppliers: (csv: string) => apiFetch('POST /api/admin/suppliers/preview', { json: { csv } }),
  importSuppliers: (list: ListKey, csv: string) => apiFetch('POST /api/admin/suppliers', { search: `?list=${list}`, json: { csv } }),
  health: () => apiFetch('GET /api/admin/health'),
  // The buyer's address goes in a POST body, never in a URL (proxy logs, history).
  findBuyer: (email: string) => apiFetch('POST /api/admin/buyer', { json: { email } }),
  exportBuyer: (email: string) => apiFetch('POST /api/admin/buyer/export', { json: { email } }),
  eraseBuyer: (email: string, confirmation: string) => apiFetch('POST /api/admin/buyer/delete', { json: { email, confirmation } }),
  retryEmail: (id: string) => apiFetch('POST /api/admin/outbox/:id/retry', { params: { id } }),
  reviews: () => apiFetch('GET /api/admin/reviews'),
  // The review's contentKey as the list showed it: the server publishes only those words.
  publishReview: (orderId: string, contentKey: string) =>
    apiFetch('POST /api/admin/reviews/:orderId/publish', { params: { orderId }, json: { contentKey } }),
  hideReview: (orderId: string) => apiFetch('POST /api/admin/reviews/:orderId/hide', { params: { orderId } }),
  orderReviews: (orderIds: string[]) => apiFetch('POST /api/admin/reviews/order', { json: { orderIds } }),
  /** The seller's page (docs/editing.md). */
  page: () => apiFetch('GET /api/admin/page'),
  /**
   * `tab`: this browser tab's name, so the saves of the last day say which tab saved each. Given up after 15 s: the next
   * autosave waits for this one, and a stalled connection must not hold it for the browser's minutes.
   */
  savePageDraft: (offer: Offer, baseNumber: number, tab: string) =>
    apiFetch('POST /api/admin/page/draft', { json: { offer, baseNumber, tab }, signal: AbortSignal.timeout(15_000) }),
  /** Every draft save of the last 24 hours this editor may see (docs/editing.md#drafts-and-merges). */
  pageSaves: () => apiFetch('GET /api/admin/page/saves'),
  discardPageDraft: () => apiFetch('POST /api/admin/page/draft/discard'),
  /** The draft at `revision`, the one its preview showed (docs/editing.md#drafts-and-merges). */
  publishPage: (revision: number) => apiFetch('POST /api/admin/page/publish', { json: { revision } }),
  pageVersion: (number: number) => apiFetch('GET /api/admin/page/versions/:number', { params: { number: String(number) } }),
  restorePageVersion: (number: number, baseNumber: number) =>
    apiFetch('POST /api/admin/page/versions/:number/restore', { params: { number: String(number) }, json: { baseNumber } }),
  uploadPageImage: (file: Blob) => apiFetch('POST /api/admin/page/images', { file }),
  /** Contestações (docs/disputes.md). */
  disputes: () => apiFetch('GET /api/admin/disputes'),
  createDispute: (body: z.input<typeof AdminDisputeCreateSchema>) => apiFetch('POST /api/admin/disputes', { json: body }),
  /** The defence's text, built for this dispute alone (the list leaves it out). */
  disputeDefence: (id: string) => apiFetch('GET /api/admin/disputes/:id/defence', { params: { id } }),
  sendDefence: (id: string) => apiFetch('POST /api/admin/disputes/:id/defence', { params: { id } }),
  defencePdfUrl: (id: string) => `${base}/disputes/${encodeURIComponent(id)}/defence.pdf`,
  resolveDispute: (id: string, state: 'won' | 'lost' | 'cancelled') =>
    apiFetch('POST /api/admin/disputes/:id/resolve', { params: { id }, json: { state } }),
  pollDisputes: () => apiFetch('POST /api/admin/disputes/poll'),
  removeDisputeBlock: (id: string) => apiFetch('POST /api/admin/dispute-blocks/:id/remove', { params: { id } }),
  /** Testes A/B (docs/experiments.md#console). */
  experiments: () => apiFetch('GET /api/admin/experiments'),
  createExperiment: (body: z.input<typeof ExperimentCreateSchema>) => apiFetch('POST /api/admin/experiments', { json: body }),
  stopExperiment: (id: string) => apiFetch('POST /api/admin/experiments/:id/stop', { params: { id } }),
  declareWinner: (id: string, variant: number, confirmation?: string) =>
    apiFetch('POST /api/admin/experiments/:id/winner', { params: { id }, json: { variant, confirmation } }),
  pagePreviewUrl: (page: OfferPage, stamp: number) => `${base}/page/preview/${page}?v=${stamp}`,
  /** `keepalive`: the report still leaves when the seller reloads the page at once. */
  reportError: (report: ConsoleErrorReport) => apiFetch('POST /api/admin/errors', { json: report, keepalive: true }),
};
