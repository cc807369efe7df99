import { AdminConsole } from '../admin/admin-console.tsx';

/** The seller's console (`/painel`), rendered in the browser only. */
export default function AdminPage() {
  return <AdminConsole />;
}
