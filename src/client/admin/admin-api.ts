import type {
  AdminBuyerErased,
  AdminBuyerSummary,
  AdminHealth,
  AdminOrderDetail,
  AdminOrderList,
  AdminOverview,
  AdminSessionInfo,
  OrderFilterStatus,
  SupplierListInfo,
  SupplierPreview,
} from '../../shared/admin.ts';
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
  session: () => apiFetch<AdminSessionInfo>(`${base}/session`),
  login: (password: string) => apiFetch<{ ok: true }>(`${base}/login`, { method: 'POST', json: { password } }),
  logout: () => apiFetch<{ ok: true }>(`${base}/logout`, { method: 'POST' }),
  overview: () => apiFetch<AdminOverview>(`${base}/overview`),
  orders: (filters: OrderFilters) => apiFetch<AdminOrderList>(`${base}/orders${ordersQuery(filters)}`),
  ordersCsvUrl: (filters: OrderFilters) => `${base}/orders.csv${ordersQuery({ ...filters, page: 1 })}`,
  order: (id: string) => apiFetch<AdminOrderDetail>(`${base}/orders/${encodeURIComponent(id)}`),
  orderAction: (id: string, action: 'resend' | 'revoke' | 'refund') =>
    apiFetch<{ ok: true }>(`${base}/orders/${encodeURIComponent(id)}/${action}`, { method: 'POST' }),
  correctEmail: (id: string, email: string) =>
    apiFetch<{ ok: true }>(`${base}/orders/${encodeURIComponent(id)}/email`, { method: 'POST', json: { email } }),
  suppliers: () => apiFetch<SupplierListInfo>(`${base}/suppliers`),
  suppliersCsvUrl: `${base}/suppliers.csv`,
  previewSuppliers: (csv: string) => apiFetch<SupplierPreview>(`${base}/suppliers/preview`, { method: 'POST', json: { csv } }),
  importSuppliers: (csv: string) => apiFetch<SupplierListInfo>(`${base}/suppliers`, { method: 'POST', json: { csv } }),
  health: () => apiFetch<AdminHealth>(`${base}/health`),
  // The buyer's address goes in a POST body, never in a URL (proxy logs, history).
  findBuyer: (email: string) => apiFetch<AdminBuyerSummary>(`${base}/buyer`, { method: 'POST', json: { email } }),
  exportBuyer: (email: string) => apiFetch<unknown>(`${base}/buyer/export`, { method: 'POST', json: { email } }),
  eraseBuyer: (email: string, confirmation: string) =>
    apiFetch<AdminBuyerErased>(`${base}/buyer/delete`, { method: 'POST', json: { email, confirmation } }),
  retryEmail: (id: string) => apiFetch<{ ok: true }>(`${base}/outbox/${encodeURIComponent(id)}/retry`, { method: 'POST' }),
};
