import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * A newcomer's walks through the server (docs/architecture.md "Walks"): the files read, in order, to follow one story
 * from where it starts to where it ends. Each step imports the next or is imported by it, so a walk breaks when the code
 * moves; `folderEntries` counts how often a walk enters each folder, the measure of a folder split by job.
 */

export const MAX_ENTRIES = 3;

export const root = path.resolve(import.meta.dirname, '../..');

/** Paths under src/. */
export const WALKS: Readonly<Record<string, readonly string[]>> = {
  'webhook → access e-mail': [
    'server/routes/webhooks.ts',
    'server/payment/provider-webhook.ts',
    'server/orders/webhook-events-repository.ts',
    'server/payment/provider-webhook.ts',
    'server/gateway/pix-provider.ts',
    'server/payment/payment-confirmation.ts',
    'server/payment/buyer-match.ts',
    'server/payment/payment-confirmation.ts',
    'server/orders/payment-repository.ts',
    'server/orders/orders-repository.ts',
    'server/orders/order-events.ts',
    'server/subscribers.ts',
    'server/access/access-events.ts',
    'server/access/access-email.ts',
    'server/purchase/purchase-service.ts',
    'server/purchase/purchase-ledger.ts',
    'server/purchase/purchase-service.ts',
    'server/access/access-email.ts',
    'server/mail/define-email.ts',
  ],
  'MED notice → alert and guard': [
    'server/routes/webhooks.ts',
    'server/payment/provider-webhook.ts',
    'server/orders/order-lookup.ts',
    'server/payment/provider-webhook.ts',
    'server/orders/orders-deps.ts',
    'server/orders/order-events.ts',
    'server/disputes/disputes-events.ts',
    'server/disputes/dispute-service.ts',
    'server/orders/order-transitions.ts',
    'server/purchase/purchase-service.ts',
    'server/disputes/dispute-guard.ts',
    'server/disputes/dispute-repository.ts',
    'server/disputes/dispute-service.ts',
    'server/disputes/dispute-alerts.ts',
    'server/disputes/disputes-events.ts',
    'server/disputes/dispute-alert-email.ts',
  ],
  'A/B variant → page → attribution': [
    'server/experiments/experiment-service.ts',
    'server/experiments/live-experiments.ts',
    'server/experiments/assignment.ts',
    'server/experiments/live-experiments.ts',
    'server/http/site.ts',
    'server/experiments/live-experiments.ts',
    'server/routes/orders.ts',
    'server/checkout/checkout-service.ts',
    'server/routes/orders.ts',
    'server/experiments/live-experiments.ts',
    'server/links/order-experiments.ts',
  ],
};

/** `server/payment`, `server (root)` for src/server's own files, `shared/experiments`… : what a newcomer calls a folder. */
export function folderOf(file: string): string {
  const parts = file.split('/');
  if (parts[0] === 'server' || parts[0] === 'client') return parts.length > 2 ? `${parts[0]}/${parts[1]}` : `${parts[0]} (root)`;
  return parts.slice(0, -1).join('/');
}

/** Each folder the walk enters, with how many times: a step in another folder than the one before is an entry. */
export function folderEntries(walk: readonly string[]): Map<string, number> {
  const entries = new Map<string, number>();
  walk.forEach((file, index) => {
    if (index > 0 && folderOf(walk[index - 1]!) === folderOf(file)) return;
    entries.set(folderOf(file), (entries.get(folderOf(file)) ?? 0) + 1);
  });
  return entries;
}

/** The files under src/ that `file` imports by a relative path. */
export function importsOf(file: string): string[] {
  const full = path.join(root, 'src', file);
  return ts.preProcessFile(fs.readFileSync(full, 'utf8'), true, true).importedFiles.flatMap(({ fileName }) =>
    fileName.startsWith('.')
      ? [
          path
            .relative(path.join(root, 'src'), path.resolve(path.dirname(full), fileName))
            .split(path.sep)
            .join('/'),
        ]
      : [],
  );
}

/** The walk's problems: a file that is not there, or two steps in a row neither of which imports the other. */
export function brokenSteps(walk: readonly string[]): string[] {
  const missing = walk.filter((file) => !fs.existsSync(path.join(root, 'src', file))).map((file) => `${file} is gone`);
  if (missing.length > 0) return [...new Set(missing)];
  return walk.slice(1).flatMap((file, index) => {
    const previous = walk[index]!;
    return importsOf(previous).includes(file) || importsOf(file).includes(previous) ? [] : [`${previous} ↛ ${file}`];
  });
}
