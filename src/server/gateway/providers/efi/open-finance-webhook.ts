/** Efí's Open Finance callbacks and the buyer's way back (docs/payments.md#open-finance). */
import { parseJsonSafely } from '../../../lib/safe-parse.ts';
import { WebhookRejectedError, type WebhookRequest } from '../../pix-provider.ts';
import { OPEN_FINANCE_ID, parseNotice, type OpenFinanceNotice } from './open-finance-parse.ts';
import { sameSecret } from './pix-api-notifications.ts';

/**
 * A callback is Efí's when the TLS terminator verified Efí's client certificate (mTLS), or, in hmac mode, when
 * `?hmac=` holds the hash registered with `PUT /config`. Throws WebhookRejectedError; a body that is not a
 * callback is null (answer 2xx, do nothing). A callback only names what to read back.
 */
export function verifyOpenFinanceWebhook(request: WebhookRequest, hmacSecret: string | null): OpenFinanceNotice | null {
  if (!request.clientCertificateVerified) {
    if (hmacSecret === null || hmacSecret === '') throw new WebhookRejectedError('no verified client certificate');
    const given = request.url.searchParams.get('hmac');
    if (given === null || !sameSecret(given, hmacSecret)) throw new WebhookRejectedError('hmac does not match');
  }
  let body: unknown;
  try {
    body = parseJsonSafely(request.rawBody);
  } catch {
    return null;
  }
  return parseNotice(body);
}

/** The query Efí sends the buyer back with: `identificadorPagamento` (or the vínculo's), and `erro` when it failed. */
export function readOpenFinanceReturn(url: URL): { paymentId: string | null; linkId: string | null; error: string | null } {
  const id = (name: string) => {
    const value = url.searchParams.get(name);
    return value !== null && OPEN_FINANCE_ID.test(value) ? value : null;
  };
  const error = url.searchParams.get('erro');
  return {
    paymentId: id('identificadorPagamento'),
    linkId: id('identificadorVinculo'),
    error: error === null || error === '' ? null : error.slice(0, 200),
  };
}
