import { parseFormSafely, parseJsonSafely } from '../../../lib/safe-parse.ts';
import { isRecord } from '../../../lib/json-record.ts';
import { readTransactionIds } from './parse-transaction.ts';

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
