import { createContext, useCallback, useContext, useEffect, useState, type SetStateAction } from 'react';
import { consoleForms as copy } from '../../content/console-forms.ts';
import { cn } from '../ui/cn.ts';

/**
 * The person signed in (`personKey`: `owner`, `user-<id>`), whose forms' typing this browser keeps. Without one (a
 * form drawn outside the console) the typing is kept in memory only.
 */
export const FormDraftPerson = createContext<string | null>(null);

const storageKey = (person: string, form: string) => `vitrine:form-draft:${person}:${form}`;

/**
 * `value` as a copy of `template`'s shape, or undefined: a copy written by an older build (another field, another
 * type) is dropped, never drawn. A number stored as `null` is an emptied box (JSON has no NaN) and reads as NaN.
 */
function fitted(template: unknown, value: unknown): unknown {
  if (typeof template === 'number') return value === null ? Number.NaN : typeof value === 'number' ? value : undefined;
  if (Array.isArray(template)) {
    if (!Array.isArray(value)) return undefined;
    if (template.length === 0) return value;
    const items = value.map((item) => fitted(template[0], item));
    return items.includes(undefined) ? undefined : items;
  }
  if (typeof template === 'object' && template !== null) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    const result: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    for (const [key, part] of Object.entries(template)) {
      const kept = fitted(part, (value as Record<string, unknown>)[key]);
      if (kept === undefined) return undefined;
      result[key] = kept;
    }
    return result;
  }
  return typeof value === typeof template ? value : undefined;
}

function readCopy<T>(key: string, initial: T): T | undefined {
  try {
    const stored = window.localStorage.getItem(key);
    return stored === null ? undefined : (fitted(initial, JSON.parse(stored)) as T | undefined);
  } catch {
    return undefined;
  }
}

function removeCopy(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing to remove.
  }
}

function writeCopy(key: string, value: unknown, initial: unknown): void {
  const text = JSON.stringify(value);
  // Back to what the form opened with (typed and erased): nothing of the seller's to keep.
  if (text === JSON.stringify(initial)) return removeCopy(key);
  try {
    window.localStorage.setItem(key, text);
  } catch {
    // A private window's full storage: the typing stays on the screen, as before.
  }
}

const everything = <T,>(value: T) => value;

/**
 * A form's state whose typing survives a reload (docs/editing.md#what-a-reload-keeps): every change is written to
 * this browser under the person and `form`, and read back when the form opens again (`restored`, for the notice).
 * `initial` is read once, like useState's; `clear` (after a send or a cancel) puts it back and forgets the copy.
 * `kept` (defined once, outside the component) is what may be written: it leaves out what must never sit in a
 * browser (a password, a buyer's e-mail; DESIGN.md §1). A form with nothing typed keeps no copy.
 */
export function useLocalDraft<T>(
  form: string,
  initial: T | (() => T),
  kept: (value: T) => T = everything,
): { value: T; set: (next: SetStateAction<T>) => void; clear: () => void; restored: boolean } {
  const person = useContext(FormDraftPerson);
  const key = person ? storageKey(person, form) : null;
  const [opened] = useState(initial);
  const [state, setState] = useState(() => {
    const stored = key ? readCopy(key, opened) : undefined;
    return stored === undefined ? { value: opened, restored: false } : { value: stored, restored: true };
  });

  useEffect(() => {
    if (key) writeCopy(key, kept(state.value), kept(opened));
  }, [key, state.value, opened, kept]);

  const set = useCallback(
    (next: SetStateAction<T>) =>
      setState((previous) => ({
        ...previous,
        value: typeof next === 'function' ? (next as (value: T) => T)(previous.value) : next,
      })),
    [],
  );
  // Forgotten at once: the form may be unmounted by the same send (a list drawn again), before any effect runs.
  const clear = useCallback(() => {
    if (key) removeCopy(key);
    setState({ value: opened, restored: false });
  }, [key, opened]);
  return { value: state.value, set, clear, restored: state.restored };
}

/** Over a form whose typing came back: "Recuperamos o que você digitou." */
export function RestoredNotice({ className }: { className?: string }) {
  return (
    <p role="status" className={cn('rounded-xl border border-brand-500/40 bg-brand-500/10 px-3 py-2 text-sm text-brand-300', className)}>
      {copy.restored}
    </p>
  );
}
