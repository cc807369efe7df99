import { useEffect, useState } from 'react';
import { consoleUsers } from '../../../content/console-users.ts';
import { offerLabels } from '../../../content/offer.ts';
import type { PageVersionFigures } from '../../../shared/admin-users.ts';
import type { OfferSectionKey, PageVersionInfo } from '../../../shared/offer.ts';
import { formatBRL, formatDateTime, formatRate } from '../format.ts';
import { usersApi } from '../users/users-api.ts';

const copy = consoleUsers.figures;

/** "Título, Preço R$ 19,90 → R$ 24,90": each field a version changed, by its label, the price spelled out. */
export function changeSummary(changes: PageVersionInfo['changes']): string {
  if (!changes || changes.paths.length === 0) return consoleUsers.history.nothingChanged;
  return changes.paths
    .map((path) => {
      const [section, field = ''] = path.split('.') as [OfferSectionKey, string];
      const label = offerLabels[section]?.fields[field] ?? field;
      if (path === 'product.priceCents' && changes.priceCents)
        return `${label} ${formatBRL(changes.priceCents[0])} → ${formatBRL(changes.priceCents[1])}`;
      return label;
    })
    .join(', ');
}

/** "3 d 4 h" from two instants; null while it is still live. */
function liveFor(figures: PageVersionFigures): string {
  if (figures.liveFrom === null) return figures.liveUntil === null ? copy.since : `→ ${formatDateTime(figures.liveUntil)}`;
  const hours = Math.floor(((figures.liveUntil ?? Date.now()) - figures.liveFrom) / 3_600_000);
  const days = Math.floor(hours / 24);
  const span = days > 0 ? `${days} d ${hours % 24} h` : `${hours} h`;
  return figures.liveUntil === null ? `${span} (${copy.since})` : span;
}

/** The figures of one version, in the table's order after "No ar": conversion and revenue per visitor derived here. */
function cellsOf(version: PageVersionFigures): Array<[string, string]> {
  const perVisitor = version.visitors > 0 ? formatBRL(Math.round(version.revenueCents / version.visitors)) : '—';
  return [
    [copy.visitors, String(version.visitors)],
    [copy.checkouts, String(version.checkoutsBegun)],
    [copy.paid, String(version.pixPaid)],
    [copy.conversion, formatRate(version.visitors > 0 ? version.pixPaid / version.visitors : null)],
    [copy.revenue, formatBRL(version.revenueCents)],
    [copy.revenuePerVisitor, perVisitor],
  ];
}

/**
 * Each version's sales (docs/editing.md#figures), in Visão geral: only those who may see orders open it, so no one else
 * ever asks for them (the server refuses them anyway).
 */
export function VersionFigures() {
  const [versions, setVersions] = useState<PageVersionFigures[] | null>(null);
  useEffect(() => {
    usersApi.figures().then(
      (reply) => setVersions(reply.versions),
      () => setVersions(null),
    );
  }, []);
  if (!versions || versions.length === 0) return null;
  return (
    <section aria-labelledby="version-figures" className="rounded-2xl border border-line bg-ink-850 p-4">
      <h3 id="version-figures" className="text-base font-extrabold text-white">
        {copy.title}
      </h3>
      <p className="mt-1 text-xs text-slate-400">{copy.caption}</p>
      <p className="mt-1 text-xs text-slate-400">{copy.visitorsHint}</p>
      {/* On a phone, one card a version: eight columns do not fit 390 px. */}
      <ul className="mt-3 space-y-2 sm:hidden">
        {versions.map((version) => (
          <li key={version.number} className="rounded-xl border border-line/70 bg-ink-900/60 p-3 text-sm">
            <p className="font-bold text-white">
              {copy.version} {version.number} · <span className="font-normal text-slate-400">{liveFor(version)}</span>
            </p>
            <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-slate-200">
              {cellsOf(version).map(([label, value]) => (
                <div key={label} className="flex justify-between gap-2">
                  <dt className="text-slate-400">{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <div className="mt-3 hidden overflow-x-auto sm:block">
        <table className="w-full text-right text-sm">
          <thead className="text-xs text-slate-400">
            <tr>
              <th scope="col" className="py-2 text-left font-semibold">
                {copy.version}
              </th>
              <th scope="col" className="font-semibold">
                {copy.live}
              </th>
              <th scope="col" className="font-semibold">
                {copy.visitors}
              </th>
              <th scope="col" className="font-semibold">
                {copy.checkouts}
              </th>
              <th scope="col" className="font-semibold">
                {copy.paid}
              </th>
              <th scope="col" className="font-semibold">
                {copy.conversion}
              </th>
              <th scope="col" className="font-semibold">
                {copy.revenue}
              </th>
              <th scope="col" className="font-semibold">
                {copy.revenuePerVisitor}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line text-slate-200">
            {versions.map((version) => (
              <tr key={version.number}>
                <th scope="row" className="py-2 text-left font-bold text-white">
                  {version.number}
                </th>
                <td>{liveFor(version)}</td>
                {cellsOf(version).map(([label, value]) => (
                  <td key={label}>{value}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
