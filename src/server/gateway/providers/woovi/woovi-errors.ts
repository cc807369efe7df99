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

/** Which of Woovi's reads failed: a paid charge is read in three calls, and the message names the one that failed. */
export type WooviRead = keyof typeof wooviCopy.calls;

/** A read that failed: no answer (`reply` absent), or one we cannot use. A 401 is the seller's AppID. */
export function readError(kind: GatewayErrorKind, reply?: WooviReply, call: WooviRead = 'charge'): GatewayError {
  const what = wooviCopy.calls[call];
  return failure(kind, reply, wooviCopy.readFailed(what), (status) => wooviCopy.readFailedHttp(what, status));
}

export function cancelError(reply?: WooviReply): GatewayError {
  return failure('transaction', reply, wooviCopy.cancelFailed, wooviCopy.cancelFailedHttp);
}

function failure(kind: GatewayErrorKind, reply: WooviReply | undefined, unanswered: string, answered: (status: number) => string) {
  if (!reply) return new GatewayError(unanswered, kind);
  const error = new GatewayError(reply.status === 401 ? wooviCopy.appIdRefused : answered(reply.status), kind, reply.status);
  error.cause = refusalCause(reply);
  return error;
}
