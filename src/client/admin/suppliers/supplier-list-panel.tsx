import { useCallback, useId, useState } from 'react';
import { admin as copy } from '../../../content/admin.ts';
import { listNames } from '../../../content/offers.ts';
import type { SupplierListInfo, SupplierPreview } from '../../../shared/admin.ts';
import { LIST_SLUGS, supplierCsvFileName, type ListKey } from '../../../shared/suppliers.ts';
import { ApiError } from '../../lib/api.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { adminApi } from '../admin-api.ts';
import { formatDateTime } from '../format.ts';
import { useAdminData } from '../use-admin-data.ts';

/** What the list holds: its size and date, or, while it is empty or the demo's examples, how to import the real one. */
function ListStatus({ list, info }: { list: ListKey; info: SupplierListInfo }) {
  return (
    <>
      <p className="mt-2 text-slate-200">{copy.suppliers.current(info.count)}</p>
      <p className="text-sm text-slate-400">
        {info.updatedAt === null ? copy.suppliers.neverUpdated : copy.suppliers.updatedAt(formatDateTime(info.updatedAt))}
      </p>
      {info.example ? <p className="mt-2 text-sm font-semibold text-gold-300">{copy.suppliers.example}</p> : null}
      {info.count === 0 || info.example ? (
        <div className="mt-3 rounded-xl border border-dashed border-line bg-ink-900 p-3 text-sm text-slate-300">
          <p>{copy.suppliers.importHow}</p>
          <code className="mt-1.5 block rounded-lg bg-ink-950 px-2.5 py-2 font-mono text-xs break-words text-brand-300">
            {copy.suppliers.importCommand(LIST_SLUGS[list], list === 'suppliers')}
          </code>
        </div>
      ) : null}
    </>
  );
}

/** One list in Fornecedores: upload a CSV, see the dry-run preview, confirm to replace it; download the current one. */
export function SupplierListPanel({ list, onSignedOut }: { list: ListKey; onSignedOut: () => void }) {
  const load = useCallback(() => adminApi.suppliers(list), [list]);
  const { state, reload } = useAdminData(load, onSignedOut);
  const [csv, setCsv] = useState<string | null>(null);
  const [preview, setPreview] = useState<SupplierPreview | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  const choose = async (file: File | undefined) => {
    setPreview(null);
    setMessage(null);
    if (!file) return;
    const text = await file.text();
    setCsv(text);
    setBusy(true);
    try {
      setPreview(await adminApi.previewSuppliers(text));
    } catch (error) {
      setMessage({ ok: false, text: error instanceof ApiError && error.message ? error.message : copy.api.invalid });
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    if (csv === null) return;
    setBusy(true);
    try {
      const info = await adminApi.importSuppliers(list, csv);
      setMessage({ ok: true, text: copy.suppliers.replaced(info.count) });
      setPreview(null);
      setCsv(null);
      await reload();
    } catch (error) {
      setMessage({ ok: false, text: error instanceof ApiError && error.message ? error.message : copy.api.invalid });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <div className="rounded-2xl border border-line bg-ink-850 p-4">
        <h2 id={`${id}-title`} className="text-base font-extrabold text-white">
          {listNames[list]}
        </h2>
        <p className="text-sm text-slate-400">{copy.suppliers.lists[list]}</p>
        {state.kind === 'ready' ? <ListStatus list={list} info={state.data} /> : <p className="mt-2 text-slate-400">{copy.loading}</p>}
        <a
          href={adminApi.suppliersCsvUrl(list)}
          download={supplierCsvFileName(list)}
          className="mt-3 inline-flex min-h-11 items-center rounded-xl border border-line bg-ink-800 px-4 text-sm font-semibold text-slate-100 hover:bg-ink-700"
        >
          {copy.suppliers.download}
        </a>
      </div>
      <div className="rounded-2xl border border-line bg-ink-850 p-4">
        <label htmlFor={`${id}-file`} className="block text-sm font-semibold text-slate-200">
          {copy.suppliers.upload}
        </label>
        <p className="mt-0.5 text-xs text-slate-400">{copy.suppliers.uploadHint}</p>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv"
          onChange={(event) => void choose(event.target.files?.[0])}
          className="mt-2 block w-full text-sm text-slate-300 file:mr-3 file:min-h-11 file:rounded-xl file:border file:border-line file:bg-ink-800 file:px-4 file:text-slate-100"
        />
        {message ? (
          <Alert variant={message.ok ? 'success' : 'destructive'} className="mt-3">
            {message.text}
          </Alert>
        ) : null}
        {preview ? (
          <div className="mt-4 space-y-3" aria-label={copy.suppliers.previewTitle} role="region">
            <h3 className="text-sm font-extrabold text-white">{copy.suppliers.previewTitle}</h3>
            {preview.valid ? (
              <>
                <p className="text-slate-200">{copy.suppliers.previewOk(preview.count, preview.categories.length)}</p>
                <ul className="flex flex-wrap gap-2 text-xs">
                  {preview.categories.map((category) => (
                    <li key={category.name} className="rounded-full bg-ink-700 px-2.5 py-1 text-slate-200">
                      {category.name} ({category.count})
                    </li>
                  ))}
                </ul>
                <Button onClick={() => void confirm()} disabled={busy}>
                  {copy.suppliers.confirm}
                </Button>
              </>
            ) : (
              <Alert variant="destructive">
                <p>{copy.suppliers.previewErrors(preview.errors.length)}</p>
                <ul className="mt-1 list-disc pl-4">
                  {preview.errors.map((error) => (
                    <li key={`${error.line}-${error.message}`}>{copy.suppliers.line(error.line, error.message)}</li>
                  ))}
                </ul>
              </Alert>
            )}
          </div>
        ) : null}
      </div>
    </section>
  );
}
