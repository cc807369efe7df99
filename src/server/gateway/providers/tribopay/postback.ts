import { parseFormSafely, parseJsonSafely } from '../../../lib/safe-parse.ts';
import { isRecord } from '../../../lib/json-record.ts';
import { readRawStatus, readTransactionIds, unwrapTransaction } from './parse-transaction.ts';

export interface Postback {
  candidateIds: string[];
}

/** JSON when it says or looks so, else a form; a body that is neither parses to null. */
function parseBody(text: string, contentType: string): unknown {
  if (/json/i.test(contentType) || /^\s*[{[]/.test(text)) {
    try {
      return parseJsonSafely(text);
    } catch {
      return null;
    }
  }
  return parseFormSafely(text);
}

/** Transaction ids are short (docs/gateway.md#5-reading-a-transaction); longer is junk. */
const MAX_ID_LENGTH = 128;

/** Only a hint: the payment is confirmed by reading the transaction back (docs/gateway.md#6-postbacks). */
function postbackTransactionIds(body: unknown): string[] {
  if (!isRecord(body)) return [];
  const ids = [...readTransactionIds(body).alternateIds];
  const own = readTransactionIds(body).hash;
  if (own) ids.unshift(own);
  if (isRecord(body.data)) {
    const nested = readTransactionIds(body.data);
    if (nested.hash) ids.push(nested.hash, ...nested.alternateIds);
  }
  return [...new Set(ids)].filter((id) => id.length <= MAX_ID_LENGTH);
}

/** Never throws: an unreadable body names no transaction, and the order's re-check still runs. */
export function parsePostback(text: string, contentType: string): Postback {
  return { candidateIds: postbackTransactionIds(parseBody(text, contentType)) };
}

/**
 * Every postback status the public record shows (docs/gateway.md#6-postbacks and the research notes behind it,
 * gateway-notes.md §6, "Status values seen": nothing authoritative lists them all): the union Pepper and TriboPay integrators read, `waiting` from one (B)-format
 * handler, and `canceled`/`cancelled`/`expired`, which integrators map though no capture shows them. Every postback
 * only makes the shop read the transaction back, whatever its status; a status outside this list is counted for
 * Saúde as well (docs/payments.md#unrecognised-events).
 */
export const TRIBOPAY_POSTBACK_STATUSES = [
  'waiting_payment',
  'paid',
  'refused',
  'refunded',
  'chargeback',
  'chargedback',
  'pending_refund',
  'processing',
  'authorized',
  'antifraud',
  'checkout_abandoned',
  'waiting',
  'canceled',
  'cancelled',
  'expired',
] as const;

const MAX_STATUS_LENGTH = 100;

/** The postback's status (`payment_status`, else a (B) body's `status`) when it is none of the documented ones; else null. */
export function unrecognisedPostbackStatus(text: string, contentType: string): string | null {
  const transaction = unwrapTransaction(parseBody(text, contentType));
  const status = transaction ? readRawStatus(transaction) : null;
  if (status === null) return null;
  const known = (TRIBOPAY_POSTBACK_STATUSES as readonly string[]).includes(status.toLowerCase());
  return known ? null : status.slice(0, MAX_STATUS_LENGTH);
}
