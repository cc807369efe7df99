import { wooviCopy } from '../../../../content/providers.ts';
import { refundErrorDetail } from '../../errors.ts';
import { GatewayError, type GatewayErrorKind } from '../../types.ts';
import type { WooviReply } from './woovi-api.ts';
import { errorText } from './woovi-parse.ts';

/** Woovi's own words for a refusal, for the seller's Saúde and logs (never shown to the buyer). */
export function refusalCause(reply: WooviReply): Error {
  const detail = refundErrorDetail({ error: errorText(reply.json) });
  return new Error(`Woovi HTTP ${reply.status}${detail ? `: ${detail}` : ''}`);
}

/** A read that failed: no answer (`reply` absent), or one we cannot use. A 401 is the seller's AppID. */
export function readError(kind: GatewayErrorKind, reply?: WooviReply): GatewayError {
  if (!reply) return new GatewayError(wooviCopy.readFailed, kind);
  const message = reply.status === 401 ? wooviCopy.appIdRefused : wooviCopy.readFailedHttp(reply.status);
  const error = new GatewayError(message, kind, reply.status);
  error.cause = refusalCause(reply);
  return error;
}
