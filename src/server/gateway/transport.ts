/**
 * What every provider client (gateway-client.ts and gateway/providers/) needs to tell a request
 * that never left from one whose outcome is unknown: a POST that may have reached the provider
 * must not simply be sent again (docs/gateway.md#9-unknowns).
 */

/** Connection failures before a single byte of the request leaves: the provider cannot have created anything. */
export const NOT_SENT_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'ERR_INVALID_URL',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** The system error code of a failed fetch, however deep undici wrapped it. */
export function errorCode(error: unknown): string | undefined {
  let current: unknown = error;
  // undici wraps the socket error in `cause`; happy-eyeballs wraps several in an AggregateError.
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const record = current as { code?: unknown; cause?: unknown; errors?: unknown };
    if (typeof record.code === 'string') return record.code;
    current = record.cause ?? (Array.isArray(record.errors) ? record.errors[0] : undefined);
  }
  return undefined;
}
