/**
 * Buyers' e-mail addresses never reach a log line in full (docs/architecture.md#data): `maria@example.com`
 * is shown as `m***@example.com`, enough to tell two buyers apart when helping one of them.
 */
export function maskEmail(address: string, mark = '***'): string {
  const at = address.lastIndexOf('@');
  if (at <= 0) return mark;
  return `${address.slice(0, 1)}${mark}${address.slice(at)}`;
}

/** What the order page shows the buyer: `joana@example.com` → `j•••@example.com`. */
export function maskEmailForBuyer(address: string): string {
  return maskEmail(address, '•••');
}
