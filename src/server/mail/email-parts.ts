import { bumpCopy } from '../../content/offers.ts';
import { formatBRL } from '../../shared/money.ts';
import { escapeHtml } from '../../shared/html.ts';
import { firstName } from '../../shared/text.ts';

/** The pieces e-mails are made of (define-email.ts puts them in the skeleton); values are escaped here or by the caller. */

/** Fills `{key}` marks; a mark without a value is a bug in the copy, so it throws. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`e-mail copy has no value for {${key}}`);
    return value;
  });
}

export function assertWebUrl(value: string, what: string): URL {
  const url = new URL(value);
  // The link becomes an href: only web links, never javascript: or data:.
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`${what} must be an http(s) URL`);
  return url;
}

export const colors = { text: '#1f2937', muted: '#6b7280', button: '#16a34a', border: '#e5e7eb', background: '#f3f4f6' };

export const html = {
  link: (href: string, label: string) =>
    `<a href="${escapeHtml(href)}" style="color:${colors.button};word-break:break-all">${escapeHtml(label)}</a>`,
  paragraph: (content: string, style = '') => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;${style}">${content}</p>`,
  heading: (content: string) => `<h2 style="margin:24px 0 8px;font-size:18px;line-height:1.3">${escapeHtml(content)}</h2>`,
  /** `items` are HTML the caller already escaped. */
  list: (items: readonly string[]) =>
    `<ul style="margin:0 0 16px;padding-left:20px;font-size:16px;line-height:1.5">
${items.map((item) => `<li style="margin:0 0 6px">${item}</li>`).join('\n')}
</ul>`,
  button: (href: string, label: string) =>
    `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 16px"><tr><td style="border-radius:6px;background:${colors.button}">
<a href="${escapeHtml(href)}" style="display:inline-block;padding:14px 28px;font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(label)}</a>
</td></tr></table>`,
};

/** Anyone can type anyone's address, so a "name" that is a URL or a phone number must not reach a stranger's inbox. */
export function greetingName(buyerName: string): string {
  const name = firstName(buyerName.normalize('NFC'));
  return name.length <= 40 && /^\p{L}[\p{L}\p{M}]*(?:['’-]\p{L}[\p{L}\p{M}]*)*$/u.test(name) ? name : '';
}

export function orderItemsBlock(items: readonly { title: string; priceCents: number }[] | undefined): { text: string[]; html: string } {
  if (!items || items.length < 2) return { text: [], html: '' };
  const text = [`${bumpCopy.itemsHeading}:`, ...items.map((item) => `- ${item.title}: ${formatBRL(item.priceCents)}`), ''];
  const rows = items
    .map(
      (item) =>
        `<tr><td style="padding:6px 0;border-bottom:1px solid ${colors.border}">${escapeHtml(item.title)}</td><td style="padding:6px 0 6px 12px;border-bottom:1px solid ${colors.border};text-align:right;white-space:nowrap">${escapeHtml(formatBRL(item.priceCents))}</td></tr>`,
    )
    .join('');
  const htmlBlock = `${html.heading(bumpCopy.itemsHeading)}
<table role="presentation" style="width:100%;margin:0 0 16px;border-collapse:collapse;font-size:16px;line-height:1.4">${rows}</table>`;
  return { text, html: htmlBlock };
}
