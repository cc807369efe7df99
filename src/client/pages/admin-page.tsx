import { AdminConsole } from '../admin/admin-console.tsx';
import '../admin/admin.css';

/** The seller's console (`/painel`), rendered in the browser only. */
export default function AdminPage() {
  return <AdminConsole />;
}
