/** A background read's failure in the seller's words, with its fix, and whether the provider asked to wait (docs/payments.md#loud). */
import { readFailureFix as fix, type BackgroundReadName } from '../../content/background-reads.ts';
import { providerName } from '../../content/providers.ts';
import { failureDetail } from './payments.ts';
import type { ProviderId } from './provider-registry.ts';
import { OpenFinanceError } from './open-finance.ts';
import { GatewayError } from './types.ts';

export interface ReadFailure {
  /** Saúde's, the e-mail's and WhatsApp's message: what the provider's module said, then what to do. */
  said: string;
  /** The provider asked to wait (429, or 503 with Retry-After): its Retry-After, or null to double our own wait. */
  throttle: { retryAfterMs: number | null } | null;
}

/** The scope each of Efí's reads needs (dev.efipay.com.br, "Escopos"): a 403 names it. */
const EFI_SCOPES: Record<BackgroundReadName, string> = {
  disputes: 'gn.infractions.read',
  charges: 'cob.read',
  refunds: 'pix.read',
  bank_payments: 'gn.opb.payment.pix.read',
};

function statusOf(error: unknown): number | undefined {
  if (error instanceof GatewayError) return error.httpStatus;
  if (error instanceof OpenFinanceError) return error.status ?? undefined;
  return undefined;
}

function retryAfterOf(error: unknown): number | null {
  if (error instanceof GatewayError || error instanceof OpenFinanceError) return error.retryAfterMs ?? null;
  return null;
}

/**
 * An outage of the read, not of one charge: 401, 403, 429, 5xx or no answer. Null for any other refusal (a 404 of one
 * unknown id, a 400 of one bad request), which the next read of another order does not repeat.
 */
export function describeReadFailure(
  error: unknown,
  provider: ProviderId,
  read: BackgroundReadName,
  /** What the adapter said, where the caller knows which of its texts is the seller's (else its kept explanation). */
  said?: string,
): ReadFailure | null {
  const name = providerName(provider, { sandbox: false });
  const status = statusOf(error);
  const wait = retryAfterOf(error);
  // The adapters' own messages are Portuguese and often name the fix already (a missing scope, refused credentials).
  const detail = said ?? (error instanceof GatewayError ? failureDetail(error) : null);
  const withFix = (sentence: string) => (detail && detail !== sentence ? `${detail} ${sentence}` : sentence);
  if (status === 401) return { said: withFix(fix.credentials(name)), throttle: null };
  if (status === 403) {
    if (detail && /escopo/.test(detail)) return { said: detail, throttle: null };
    return { said: withFix(provider === 'efi' ? fix.scope(EFI_SCOPES[read]) : fix.forbidden(name)), throttle: null };
  }
  if (status === 429) return { said: withFix(fix.throttled(name)), throttle: { retryAfterMs: wait } };
  if (status !== undefined && status >= 500) {
    if (status === 503 && wait !== null) return { said: withFix(fix.unavailableWait(name, status)), throttle: { retryAfterMs: wait } };
    return { said: withFix(fix.unavailable(name, status)), throttle: null };
  }
  if (status === undefined) return { said: withFix(fix.network(name)), throttle: null };
  return null;
}
