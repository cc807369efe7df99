/**
 * Buyers' e-mail addresses never reach a log line in full (DESIGN §4): `maria@example.com`
 * is shown as `m***@example.com`, enough to tell two buyers apart when helping one of them.
 */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${address.slice(0, 1)}***${address.slice(at)}`;
}

const EMAIL_PATTERN = /[^\s<>"'(),;:@]+@[^\s<>"'(),;:@]+\.[^\s<>"'(),;:@]+/g;

/**
 * Masks every address inside free text. SMTP servers quote the recipient in their replies
 * ("550 <maria@…> mailbox unavailable"), and those replies end up in logs and `last_error`.
 */
export function maskEmailsIn(text: string): string {
  return text.replace(EMAIL_PATTERN, (address) => maskEmail(address));
}
