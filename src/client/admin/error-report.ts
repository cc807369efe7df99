import { useEffect, useRef } from 'react';
import { CONSOLE_ERROR_LIMITS, type ConsoleArea, type ConsoleErrorReport } from '../../shared/console-errors.ts';
import { adminApi } from './admin-api.ts';

/** A render loop reports once, and one page never sends more than this (the server also limits each session). */
const MAX_REPORTS_PER_PAGE = 10;
const sent = new Set<string>();

function describe(thrown: unknown): Pick<ConsoleErrorReport, 'name' | 'message' | 'stack'> {
  const error = thrown instanceof Error ? thrown : null;
  const stack = error?.stack;
  return {
    name: (error?.name ?? typeof thrown).slice(0, CONSOLE_ERROR_LIMITS.name),
    message: (error ? error.message : String(thrown)).slice(0, CONSOLE_ERROR_LIMITS.message),
    ...(stack ? { stack: stack.slice(0, CONSOLE_ERROR_LIMITS.stack) } : {}),
  };
}

/**
 * Tells the server's log which area failed and how (docs/operations.md#console-errors). The server keeps the area,
 * the error's name, its message masked and its code frames; a report that cannot be sent is dropped in silence, so
 * reporting never raises an error of its own.
 */
export function reportConsoleError(area: ConsoleArea, kind: ConsoleErrorReport['kind'], thrown: unknown): void {
  const report: ConsoleErrorReport = { area, kind, ...describe(thrown) };
  const key = `${area} ${report.name} ${report.message}`;
  if (sent.has(key) || sent.size >= MAX_REPORTS_PER_PAGE) return;
  sent.add(key);
  adminApi.reportError(report).catch(() => undefined);
}

/** The window's uncaught errors and rejections, reported under the area on screen when they happen. */
export function useUncaughtErrorReports(area: ConsoleArea): void {
  const current = useRef(area);
  useEffect(() => {
    current.current = area;
  }, [area]);
  useEffect(() => {
    const onError = (event: ErrorEvent) => reportConsoleError(current.current, 'error', event.error ?? event.message);
    const onRejection = (event: PromiseRejectionEvent) => reportConsoleError(current.current, 'rejection', event.reason);
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);
}
