const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * The one HTML escape (e-mails, server-rendered pages, the public config filled into prerendered
 * pages): every value that reaches HTML from outside goes through here, in text and in
 * attributes alike, so all five HTML-significant characters are escaped.
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}
