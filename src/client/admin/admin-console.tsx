import { affiliatesConsole } from '../../content/affiliates.ts';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';

import { admin as copy } from '../../content/admin.ts';
import { consoleUsers } from '../../content/console-users.ts';
import { experimentsConsole } from '../../content/experiments.ts';
import type { ConsoleAccess, ConsoleUserInfo } from '../../shared/admin-users.ts';
import { CONSOLE_TABS, type ConsoleTab } from '../../shared/console-errors.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { cn } from '../ui/cn.ts';
import { adminApi } from './admin-api.ts';
import { AreaBoundary } from './area-boundary.tsx';
import { DisputesSection } from './disputes/disputes-section.tsx';
import { useUncaughtErrorReports } from './error-report.ts';
import { HealthSection } from './health/health-section.tsx';
import { AffiliatesSection } from './affiliates/affiliates-section.tsx';
import { InviteAccept } from './users/invite-accept.tsx';
import { FormDraftPerson } from './local-draft.tsx';
import { LoginForm } from './login-form.tsx';
import { OrdersSection } from './orders/orders-section.tsx';
import { OverviewSection } from './overview/overview-section.tsx';
import { PageSection } from './page/page-section.tsx';
import { PrivacySection } from './privacy/privacy-section.tsx';
import { ReviewsSection } from './reviews/reviews-section.tsx';
import { SessionActions } from './session-actions.tsx';
import { SuppliersSection } from './suppliers/suppliers-section.tsx';
import { inviteToken } from './users/users-api.ts';
import { UsersSection } from './users/users-section.tsx';
import { forgetConsoleApp, startConsoleApp } from './notifications/console-app.ts';
import { NotificationsSection } from './notifications/notifications-section.tsx';
import { notificationsPanel } from '../../content/notifications.ts';
import { formatDateTime } from './format.ts';
import type { OrderFilterStatus } from '../../shared/admin.ts';
import { CONSOLE_DISPUTE_QUERY, CONSOLE_DISPUTES_HASH, paths } from '../../shared/routes.ts';

/** The open tab, scrolled into the row when it is off its visible part (a phone's width). */
const scrollIntoRow = (element: HTMLAnchorElement | null) => element?.scrollIntoView({ block: 'nearest', inline: 'nearest' });

/** Its own chunk: the planner's arithmetic and the statistics library load only when the tab opens. */
const ExperimentsSection = lazy(() => import('./experiments/experiments-section.tsx'));

type Tab = ConsoleTab;
const TABS: readonly Tab[] = CONSOLE_TABS;

/** The tab's name in the navigation, and in its error notice. */
const tabLabel = (tab: Tab) =>
  tab === 'users'
    ? consoleUsers.section.tab
    : tab === 'experiments'
      ? experimentsConsole.tab
      : tab === 'affiliates'
        ? affiliatesConsole.tab
        : copy.nav[tab];

/** Who sees each tab; the server checks every route again (server/admin/admin-permissions.ts). */
const TAB_ACCESS: Record<Tab, ConsoleAccess> = {
  overview: 'orders',
  orders: 'orders',
  disputes: 'orders',
  affiliates: 'orders',
  page: 'page',
  experiments: 'page',
  reviews: 'orders',
  suppliers: 'owner',
  health: 'owner',
  privacy: 'owner',
  users: 'owner',
  notifications: 'signed_in',
};

const mayOpen = (user: ConsoleUserInfo | undefined, tab: Tab) => {
  const access = TAB_ACCESS[tab];
  return !user || user.owner || access === 'signed_in' || (access !== 'owner' && user.permissions.includes(access));
};

type Session =
  | { kind: 'loading' }
  | { kind: 'disabled' }
  | { kind: 'signed-out' }
  | { kind: 'signed-in'; user?: ConsoleUserInfo | undefined; personKey: string | null };

/**
 * The section in the address's hash (#pedidos…), and an open order after it (#pedidos/ord_…) or the dispute
 * brought into view (#contestacoes/dsp_…, the seller's dispute alerts link it), so a reload or a link opens the same view.
 */
const HASHES: Record<Tab, string> = {
  overview: '#visao-geral',
  orders: '#pedidos',
  disputes: CONSOLE_DISPUTES_HASH,
  affiliates: '#afiliados',
  page: '#pagina',
  experiments: '#testes-ab',
  reviews: '#depoimentos',
  suppliers: '#fornecedores',
  health: '#saude',
  privacy: '#dados-pessoais',
  users: '#usuarios',
  notifications: '#notificacoes',
};

interface View {
  tab: Tab;
  orderId: string | null;
  disputeId: string | null;
  /** The test a "Teste A/B" notification opens (#testes-ab/…). */
  experimentId?: string | null;
  /** The filter Pedidos opens with (Visão geral's links ask for the refunds asked for, or the duplicates). */
  status: OrderFilterStatus;
}

function viewFromHash(hash: string): View {
  const [section = '', item] = hash.split('/', 2);
  const tab = TABS.find((candidate) => HASHES[candidate] === section) ?? 'overview';
  const id = item ? decodeURIComponent(item) : null;
  return {
    tab,
    orderId: tab === 'orders' ? id : null,
    disputeId: tab === 'disputes' ? id : null,
    experimentId: tab === 'experiments' ? id : null,
    status: 'all',
  };
}

/** The view a link asks for: the hash, or a dispute named in the query (CONSOLE_DISPUTE_QUERY, a WhatsApp alert's button). */
function viewFromLocation(location: Pick<Location, 'hash' | 'search'>): View {
  const disputeId = new URLSearchParams(location.search).get(CONSOLE_DISPUTE_QUERY);
  return disputeId ? { tab: 'disputes', orderId: null, disputeId, status: 'all' } : viewFromHash(location.hash);
}

const hashOf = (view: View) => {
  const item = view.orderId ?? view.disputeId ?? view.experimentId;
  return `${HASHES[view.tab]}${item ? `/${encodeURIComponent(item)}` : ''}`;
};

/** The whole console in a boundary of its own: an error in its header or navigation still leaves a notice, never a blank page. */
export function AdminConsole() {
  return (
    <AreaBoundary area="console" name={copy.title}>
      <ConsoleFrame />
    </AreaBoundary>
  );
}

function ConsoleFrame() {
  useDocumentTitle(copy.meta.title);
  const [session, setSession] = useState<Session>({ kind: 'loading' });
  const [view, setView] = useState<View>(() =>
    typeof window === 'undefined' ? { tab: 'overview', orderId: null, disputeId: null, status: 'all' } : viewFromLocation(window.location),
  );
  const [invite, setInvite] = useState(() => (typeof window === 'undefined' ? null : inviteToken(window.location.hash)));
  const user = session.kind === 'signed-in' ? session.user : undefined;
  const tabs = TABS.filter((item) => mayOpen(user, item));
  // A user who may not open the tab asked for lands on their first one.
  const tab = tabs.includes(view.tab) ? view.tab : (tabs[0] ?? view.tab);
  useUncaughtErrorReports(session.kind === 'signed-in' ? tab : 'console');

  const probe = useCallback(async () => {
    try {
      const info = await adminApi.session();
      setSession(
        !info.enabled
          ? { kind: 'disabled' }
          : info.signedIn
            ? { kind: 'signed-in', user: info.user, personKey: info.personKey ?? null }
            : { kind: 'signed-out' },
      );
    } catch {
      setSession({ kind: 'signed-out' });
    }
  }, []);

  useEffect(() => {
    void probe();
  }, [probe]);

  // The installable console and its offline copy (docs/notifications.md#installable-console).
  const [offlineSince, setOfflineSince] = useState<number | null>(null);
  useEffect(() => startConsoleApp(setOfflineSince), []);
  useEffect(() => {
    const online = () => setOfflineSince(null);
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, []);

  // A dispute named in the query becomes the hash every other link uses, so a reload or a tab change keeps it.
  useEffect(() => {
    if (window.location.search)
      window.history.replaceState(null, '', `${window.location.pathname}${hashOf(viewFromLocation(window.location))}`);
  }, []);

  // A console link typed or pasted into the address bar of the open console (#pedidos/ord_…).
  useEffect(() => {
    const follow = () => setView(viewFromHash(window.location.hash));
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);

  const show = useCallback((next: View) => {
    setView(next);
    window.history.replaceState(null, '', `${window.location.pathname}${hashOf(next)}`);
  }, []);
  const choose = (next: Tab) => show({ tab: next, orderId: null, disputeId: null, status: 'all' });
  // Opening an order and coming back keeps the list's filter (the key below would reset it).
  const openOrder = (orderId: string | null) => show({ ...view, tab: 'orders', orderId, disputeId: null, experimentId: null });
  // Any 401 from a section (the session ended or idled out) brings the login form back.
  const signedOut = useCallback(() => {
    void forgetConsoleApp();
    setSession({ kind: 'signed-out' });
  }, []);

  if (session.kind === 'loading') return <p className="p-6 text-slate-400">{copy.loading}</p>;
  if (session.kind === 'disabled') {
    return (
      <main className="mx-auto max-w-lg px-5 py-16">
        <h1 className="text-2xl font-black text-white">{copy.disabled.title}</h1>
        <p className="mt-3 text-slate-300">{copy.disabled.body}</p>
      </main>
    );
  }
  const signedIn = () => {
    setInvite(null);
    void probe();
  };
  if (invite) return <InviteAccept token={invite} onAccepted={signedIn} />;
  if (session.kind === 'signed-out') return <LoginForm onSignedIn={signedIn} />;

  return (
    <div className="min-h-dvh bg-ink-950 text-slate-100">
      <header className="sticky top-0 z-20 border-b border-line bg-ink-900/95 backdrop-blur">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 pt-3">
          <h1 className="text-base font-black text-white sm:text-lg">{copy.title}</h1>
          <SessionActions onSignedOut={signedOut} owner={user?.owner ?? true} />
        </div>
        {/* One row that scrolls sideways on a phone: wrapped, the tabs took three rows of the sticky header. */}
        <nav
          aria-label={copy.nav.label}
          className="mx-auto flex max-w-6xl [scrollbar-width:none] gap-1 overflow-x-auto overscroll-x-contain px-2 pb-2 lg:flex-wrap lg:overflow-x-visible"
        >
          {tabs.map((item) => (
            <a
              key={item}
              // The page's own path before the hash: axe reads a bare `#pedidos` scrolled out of the row as a skip link
              // with no target; the click is handled here either way.
              href={`${paths.admin}${HASHES[item]}`}
              aria-current={tab === item ? 'page' : undefined}
              ref={tab === item ? scrollIntoRow : undefined}
              onClick={(event) => {
                event.preventDefault();
                choose(item);
              }}
              className={cn(
                'shrink-0 rounded-lg px-3 py-2.5 text-sm font-semibold',
                tab === item ? 'bg-brand-500/15 text-brand-300' : 'text-slate-300 hover:bg-ink-800',
              )}
            >
              {tabLabel(item)}
            </a>
          ))}
        </nav>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-5">
        {offlineSince !== null ? (
          <p role="status" className="mb-4 rounded-xl border border-line bg-ink-850 px-3 py-2 text-sm text-amber-200">
            {notificationsPanel.offline(formatDateTime(offlineSince))}
          </p>
        ) : null}
        {/* Keyed by the tab: another tab opens in a boundary of its own, and coming back tries the area again. */}
        {/* The forms keep the typing in this browser under the person signed in (local-draft.tsx). */}
        <FormDraftPerson value={session.personKey}>
          <AreaBoundary key={tab} area={tab} name={tabLabel(tab)}>
            {tab === 'overview' ? (
              <OverviewSection
                onSignedOut={signedOut}
                onShowOrders={(status) => show({ tab: 'orders', orderId: null, disputeId: null, status })}
                onShowDisputes={() => choose('disputes')}
              />
            ) : null}
            {tab === 'orders' ? (
              <OrdersSection
                key={view.status}
                initialStatus={view.status}
                orderId={view.orderId}
                onOpenOrder={openOrder}
                onSignedOut={signedOut}
              />
            ) : null}
            {tab === 'disputes' ? <DisputesSection disputeId={view.disputeId} onSignedOut={signedOut} /> : null}
            {tab === 'affiliates' ? <AffiliatesSection onSignedOut={signedOut} /> : null}
            {tab === 'page' ? <PageSection onSignedOut={signedOut} /> : null}
            {tab === 'experiments' ? (
              <Suspense fallback={<p className="text-slate-400">{experimentsConsole.loading}</p>}>
                <ExperimentsSection experimentId={view.experimentId ?? null} onSignedOut={signedOut} />
              </Suspense>
            ) : null}
            {tab === 'reviews' ? <ReviewsSection onSignedOut={signedOut} /> : null}
            {tab === 'suppliers' ? <SuppliersSection onSignedOut={signedOut} /> : null}
            {tab === 'health' ? <HealthSection onSignedOut={signedOut} /> : null}
            {tab === 'privacy' ? <PrivacySection onSignedOut={signedOut} /> : null}
            {tab === 'users' ? <UsersSection onSignedOut={signedOut} /> : null}
            {tab === 'notifications' ? <NotificationsSection onSignedOut={signedOut} /> : null}
          </AreaBoundary>
        </FormDraftPerson>
      </main>
    </div>
  );
}
