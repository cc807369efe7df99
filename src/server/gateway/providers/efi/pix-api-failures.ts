/** What a failed API Pix call means to us: a GatewayError, certain or not, the buyer's data or the seller's. */
import { efiCopy } from '../../../../content/providers.ts';
import { gatewayMessages, refundErrorDetail } from '../../errors.ts';
import { GatewayError } from '../../types.ts';
import { CallFailure, type Reply } from './pix-api-client.ts';
import { problemDetail } from './pix-api-parse.ts';

type FailedCall = 'charge' | 'transaction' | 'refund' | 'dispute';

/** Efí's own error shape, `{ nome, mensagem }` (https://dev.efipay.com.br/docs/api-pix/cobrancas-imediatas). */
function efiErrorName(body: unknown): string | null {
  return typeof body === 'object' && body !== null && typeof (body as { nome?: unknown }).nome === 'string'
    ? (body as { nome: string }).nome
    : null;
}

/** A refusal of `devedor` (CPF, name) is the buyer's; `chave_invalida`, `documento_bloqueado` and the rest fail over. */
function refusesDebtor(reply: Reply): boolean {
  if (reply.status !== 400) return false;
  const body = reply.json as { violacoes?: unknown; erros?: unknown; detail?: unknown } | undefined;
  const field = (entry: unknown, name: 'propriedade' | 'caminho') => {
    const value = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>)[name] : null;
    return typeof value === 'string' ? value : '';
  };
  // The standard's `violacoes[].propriedade` (`cob.devedor.cpf`); Efí's own `erros[].caminho` (`.body.devedor.cpf`).
  const texts = [
    ...(Array.isArray(body?.violacoes) ? body.violacoes : []).map((entry: unknown) => field(entry, 'propriedade')),
    ...(Array.isArray(body?.erros) ? body.erros : []).map((entry: unknown) => field(entry, 'caminho')),
    typeof body?.detail === 'string' ? body.detail : '',
  ];
  return texts.some((text) => /\bdevedor\b/.test(text));
}

export function reasonOf(failure: CallFailure | Reply): string {
  if (failure instanceof CallFailure) {
    if (failure.reason === 'certificate') return efiCopy.certificateRefused;
    if (failure.reason === 'certificate_file') return efiCopy.certificateUnreadable;
    if (failure.reason === 'credentials') return efiCopy.credentialsRefused;
    if (failure.reason === 'token') return efiCopy.tokenUnavailable;
    return efiCopy.noAnswer;
  }
  if (failure.status >= 500) return efiCopy.serverError(failure.status);
  return efiCopy.refused(failure.status, refundErrorDetail({ message: problemDetail(failure.json) }));
}

/** A refund error is for the seller's console, so the bank's reason is the message; else it rides in `cause`. */
export function gatewayError(kind: FailedCall, reason: string, status: number | undefined, uncertain: boolean, buyerData = false) {
  const shown =
    kind === 'refund'
      ? uncertain
        ? `${reason} ${efiCopy.refundMayHaveHappened}`
        : reason
      : kind === 'dispute'
        ? reason
        : status
          ? gatewayMessages.paymentHttp(status)
          : gatewayMessages.payment;
  const error = new GatewayError(shown, kind, status, uncertain, buyerData);
  error.cause = new Error(reason);
  return error;
}

/** A call that threw: uncertain only for a write that may have been sent. Anything but a CallFailure is a bug, rethrown. */
export function failed(kind: FailedCall, failure: unknown, isWrite: boolean): GatewayError {
  if (failure instanceof GatewayError) return failure;
  if (!(failure instanceof CallFailure)) throw failure;
  return gatewayError(kind, reasonOf(failure), failure.status, isWrite && failure.sent);
}

/** A call answered with an error status: a write's 5xx may have been done. */
export function replyError(kind: FailedCall, reply: Reply, isWrite: boolean): GatewayError {
  return withRetryAfter(
    gatewayError(kind, reasonOf(reply), reply.status, isWrite && reply.status >= 500, kind === 'charge' && refusesDebtor(reply)),
    reply,
  );
}

/** Efí's Retry-After rides on the error, so a background read waits it out. */
export function withRetryAfter(error: GatewayError, reply: Reply): GatewayError {
  if (reply.retryAfterMs !== undefined) error.retryAfterMs = reply.retryAfterMs;
  return error;
}

/** Efí answers an unknown txid 400 `cobranca_nao_encontrada` (https://dev.efipay.com.br/docs/api-pix/cobrancas-imediatas), not 404. */
export function isNotFound(reply: Reply): boolean {
  return reply.status === 404 || (reply.status === 400 && /_nao_encontrad[ao]$/.test(efiErrorName(reply.json) ?? ''));
}
