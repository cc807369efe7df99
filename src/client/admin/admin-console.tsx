import { useCallback, useEffect, useState } from 'react';
import { admin as copy } from '../../content/admin.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { cn } from '../ui/cn.ts';
import { adminApi } from './admin-api.ts';
import { HealthSection } from './health-section.tsx';
import { LoginForm } from './login-form.tsx';
import { OrdersSection } from './orders-section.tsx';
import { OverviewSection } from './overview-section.tsx';
import { SuppliersSection } from './suppliers-section.tsx';

type Tab = 'overview' | 'orders' | 'suppliers' | 'health';
const TABS: Tab[] = ['overview', 'orders', 'suppliers', 'health'];

type Session = { kind: 'loading' } | { kind: 'disabled' } | { kind: 'signed-out' } | { kind: 'signed-in' };

/** The section in the address's hash (#pedidos…), so a reload or a shared link opens the same one. */
const HASHES: Record<Tab, string> = { overview: '#visao-geral', orders: '#pedidos', suppliers: '#fornecedores', health: '#saude' };
const tabFromHash = (hash: string): Tab => TABS.find((tab) => HASHES[tab] === hash) ?? 'overview';

export function AdminConsole() {
  useDocumentTitle(copy.meta.title);
  const [session, setSession] = useState<Session>({ kind: 'loading' });
  const [tab, setTab] = useState<Tab>(() => (typeof window === 'undefined' ? 'overview' : tabFromHash(window.location.hash)));

  const probe = useCallback(async () => {
    try {
      const info = await adminApi.session();
      setSession({ kind: !info.enabled ? 'disabled' : info.signedIn ? 'signed-in' : 'signed-out' });
    } catch {
      setSession({ kind: 'signed-out' });
    }
  }, []);

  useEffect(() => {
    void probe();
  }, [probe]);

  const choose = (next: Tab) => {
    setTab(next);
    window.history.replaceState(null, '', `${window.location.pathname}${HASHES[next]}`);
  };
  // Any 401 from a section (the session ended or idled out) brings the login form back.
  const signedOut = useCallback(() => setSession({ kind: 'signed-out' }), []);

  if (session.kind === 'loading') return <p className="p-6 text-slate-400">{copy.loading}</p>;
  if (session.kind === 'disabled') {
    return (
      <main className="mx-auto max-w-lg px-5 py-16">
        <h1 className="text-2xl font-black text-white">{copy.disabled.title}</h1>
        <p className="mt-3 text-slate-300">{copy.disabled.body}</p>
      </main>
    );
  }
  if (session.kind === 'signed-out') return <LoginForm onSignedIn={() => setSession({ kind: 'signed-in' })} />;

  const logout = async () => {
    await adminApi.logout().catch(() => undefined);
    setSession({ kind: 'signed-out' });
  };

  return (
    <div className="min-h-dvh bg-ink-950 text-slate-100">
      <header className="sticky top-0 z-20 border-b border-line bg-ink-900/95 backdrop-blur">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 pt-3">
          <h1 className="text-base font-black text-white sm:text-lg">{copy.title}</h1>
          <button type="button" onClick={() => void logout()} className="min-h-11 rounded-lg px-3 text-sm font-semibold text-slate-300 hover:text-white">
            {copy.nav.logout}
          </button>
        </div>
        <nav aria-label={copy.nav.label} className="mx-auto flex max-w-6xl gap-1 overflow-x-auto px-2 pb-2">
          {TABS.map((item) => (
            <a
              key={item}
              href={HASHES[item]}
              aria-current={tab === item ? 'page' : undefined}
              onClick={(event) => {
                event.preventDefault();
                choose(item);
              }}
              className={cn(
                'shrink-0 rounded-lg px-3 py-2.5 text-sm font-semibold',
                tab === item ? 'bg-brand-500/15 text-brand-300' : 'text-slate-300 hover:bg-ink-800',
              )}
            >
              {copy.nav[item]}
            </a>
          ))}
        </nav>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-5">
        {tab === 'overview' ? <OverviewSection onSignedOut={signedOut} /> : null}
        {tab === 'orders' ? <OrdersSection onSignedOut={signedOut} /> : null}
        {tab === 'suppliers' ? <SuppliersSection onSignedOut={signedOut} /> : null}
        {tab === 'health' ? <HealthSection onSignedOut={signedOut} /> : null}
      </main>
    </div>
  );
}
