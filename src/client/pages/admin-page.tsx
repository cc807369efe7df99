import { admin } from '../../content/admin.ts';
import type { PageMeta } from '../../shared/routes.ts';
import { AdminConsole } from '../admin/admin-console.tsx';
import '../admin/admin.css';

export const meta: PageMeta = admin.meta;

/** The seller's console (`/painel`), rendered in the browser only. */
export default function AdminPage() {
  return <AdminConsole />;
}
