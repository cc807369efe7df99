/**
 * Buyers' e-mail addresses never reach a log line in full (DESIGN §4): `maria@example.com`
 * is shown as `m***@example.com`, enough to tell two buyers apart when helping one of them.
 */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${address.slice(0, 1)}***${address.slice(at)}`;
}
