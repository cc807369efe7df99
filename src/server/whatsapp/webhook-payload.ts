import { createHmac } from 'node:crypto';
import { secretsMatch } from '../config/secrets.ts';
import { parseJsonSafely } from '../lib/safe-parse.ts';

/** Only delivery statuses and stop replies are read, never more than MAX_EVENTS per delivery. */

/** Over the bytes as received: a re-encoded JSON would not match. */
export function isSignedByMeta(rawBody: Uint8Array, header: string | undefined, appSecret: string): boolean {
  if (header === undefined || !header.startsWith('sha256=')) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest('hex');
  return secretsMatch(header.slice('sha256='.length).toLowerCase(), expected);
}

export type WhatsappDeliveryStatus = 'sent' | 'delivered' | 'read' | 'failed';

export type WhatsappWebhookEvent =
  | {
      kind: 'status';
      messageId: string;
      callbackData: string | null;
      status: WhatsappDeliveryStatus;
      at: number;
      errorCode: number | null;
    }
  | {
      kind: 'stop';
      from: string;
      at: number;
    };

/** More than a delivery of Meta's ever holds; a forged flood costs no more than this. */
const MAX_EVENTS = 200;
const STATUSES: readonly string[] = ['sent', 'delivered', 'read', 'failed'];
/** What a buyer types to stop the messages (docs/whatsapp.md), compared case- and accent-insensitively. */
const STOP_WORDS: readonly string[] = ['PARAR', 'SAIR', 'STOP'];

type Json = Record<string, unknown>;
const record = (value: unknown): Json | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const shortText = (value: unknown, max: number): string | null =>
  typeof value === 'string' && value.length > 0 && value.length <= max ? value : null;

function timeOf(value: unknown, fallback: number): number {
  const seconds = typeof value === 'string' && /^\d{1,12}$/.test(value) ? Number(value) : typeof value === 'number' ? value : NaN;
  return Number.isSafeInteger(seconds) && seconds > 0 ? seconds * 1000 : fallback;
}

/** A text much longer than any stop word is not one, and no pattern reads it. */
export function isStopWord(text: string): boolean {
  if (text.length > 40) return false;
  let word = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toUpperCase();
  while (word.length > 0 && '.!'.includes(word[word.length - 1]!)) word = word.slice(0, -1).trimEnd();
  return STOP_WORDS.includes(word);
}

function statusEvent(value: unknown, now: number): WhatsappWebhookEvent | null {
  const status = record(value);
  const messageId = shortText(status?.id, 512);
  const kind = status?.status;
  if (!messageId || typeof kind !== 'string' || !STATUSES.includes(kind)) return null;
  const error = record(list(status?.errors)[0]);
  const code = error?.code;
  return {
    kind: 'status',
    messageId,
    callbackData: shortText(status?.biz_opaque_callback_data, 512),
    status: kind as WhatsappDeliveryStatus,
    at: timeOf(status?.timestamp, now),
    errorCode: typeof code === 'number' && Number.isSafeInteger(code) ? code : null,
  };
}

function stopEvent(value: unknown, now: number): WhatsappWebhookEvent | null {
  const message = record(value);
  // Users with a WhatsApp username may come without a number (`from`): nothing to stop by then.
  const from = shortText(message?.from, 32);
  const text = message?.type === 'text' ? record(message.text)?.body : undefined;
  if (!from || typeof text !== 'string' || !isStopWord(text)) return null;
  return { kind: 'stop', from, at: timeOf(message?.timestamp, now) };
}

/** Meta's payloads nest about eight levels (entry, changes, value, statuses, errors, error_data…). */
const MAX_DEPTH = 32;

/** JSON.parse alone spends over 100 ms of CPU on a megabyte of `[[[…`. */
function nestsTooDeep(text: string): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c)
        index++; // a backslash escapes the next character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      if (++depth > MAX_DEPTH) return true;
    } else if (code === 0x5d || code === 0x7d) depth--;
  }
  return false;
}

export function readWhatsappWebhook(rawBody: string, now: number): WhatsappWebhookEvent[] {
  if (nestsTooDeep(rawBody)) return [];
  let payload: unknown;
  try {
    payload = parseJsonSafely(rawBody);
  } catch {
    return [];
  }
  const root = record(payload);
  if (root?.object !== 'whatsapp_business_account') return [];
  const events: WhatsappWebhookEvent[] = [];
  for (const entry of list(root.entry)) {
    for (const change of list(record(entry)?.changes)) {
      const value = record(record(change)?.value);
      if (record(change)?.field !== 'messages' || !value) continue;
      for (const status of list(value.statuses)) {
        const event = statusEvent(status, now);
        if (event) events.push(event);
        if (events.length >= MAX_EVENTS) return events;
      }
      for (const message of list(value.messages)) {
        const event = stopEvent(message, now);
        if (event) events.push(event);
        if (events.length >= MAX_EVENTS) return events;
      }
    }
  }
  return events;
}
