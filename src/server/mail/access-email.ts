import { demoNotice } from '../../content/demo.ts';
import { accessEmail } from '../../content/emails.ts';
import { paths } from '../../shared/routes.ts';

export interface AccessEmailInput {
  /** As the buyer typed it at checkout; only the first name is used. */
  buyerName: string;
  /** The buyer's personal member-page link. */
  accessUrl: string;
  supportEmail: string;
  productName: string;
  /** Sent by a demo (no real gateway): the e-mail says no real payment was made. */
  demoMode?: boolean;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Every value that reaches the HTML goes through here: the buyer's name is whatever they typed. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

/** Fills `{key}` marks; a mark without a value is a bug in the copy, so it throws. */
function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`e-mail copy has no value for {${key}}`);
    return value;
  });
}

/** `MARIA da silva` → `Maria`; a name typed with mixed case is kept as typed. */
export function firstName(fullName: string): string {
  const first = fullName.trim().split(/\s+/)[0] ?? '';
  if (first === '') return '';
  const uniformCase = first === first.toLocaleLowerCase('pt-BR') || first === first.toLocaleUpperCase('pt-BR');
  if (!uniformCase) return first;
  const lower = first.toLocaleLowerCase('pt-BR');
  return lower.charAt(0).toLocaleUpperCase('pt-BR') + lower.slice(1);
}

function assertWebUrl(value: string, what: string): URL {
  const url = new URL(value);
  // The link becomes an href: only web links, never javascript: or data:.
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`${what} must be an http(s) URL`);
  return url;
}

const colors = { text: '#1f2937', muted: '#6b7280', button: '#16a34a', border: '#e5e7eb', background: '#f3f4f6' };

/** The e-mail that delivers a paid buyer's lifetime access link (DESIGN §1.6). */
export function renderAccessEmail(input: AccessEmailInput): RenderedEmail {
  const accessUrl = assertWebUrl(input.accessUrl, 'accessUrl').href;
  const recoverUrl = new URL(paths.access, accessUrl).href;
  const name = firstName(input.buyerName);
  const plain = { productName: input.productName, firstName: name, recoverUrl, supportEmail: input.supportEmail };

  const greeting = name ? fill(accessEmail.greeting, plain) : accessEmail.greetingWithoutName;
  const subject = fill(accessEmail.subject, plain);

  const text = [
    ...(input.demoMode ? [`[${demoNotice.text}]`, ''] : []),
    greeting,
    '',
    fill(accessEmail.thanks, plain),
    '',
    `${accessEmail.button}:`,
    accessUrl,
    '',
    accessEmail.aboutTitle,
    ...accessEmail.about.map((item) => `- ${item}`),
    '',
    accessEmail.recoverTitle,
    fill(accessEmail.recover, plain),
    '',
    fill(accessEmail.support, plain),
    '',
    accessEmail.signature,
    input.productName,
    '',
    '--',
    fill(accessEmail.footer, plain),
    '',
  ].join('\n');

  const link = (href: string, label: string) =>
    `<a href="${escapeHtml(href)}" style="color:${colors.button};word-break:break-all">${escapeHtml(label)}</a>`;
  const rich = {
    productName: escapeHtml(input.productName),
    firstName: escapeHtml(name),
    recoverUrl: link(recoverUrl, recoverUrl),
    supportEmail: link(`mailto:${input.supportEmail}`, input.supportEmail),
  };
  const paragraph = (content: string, style = '') =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;${style}">${content}</p>`;
  const heading = (content: string) =>
    `<h2 style="margin:24px 0 8px;font-size:18px;line-height:1.3">${escapeHtml(content)}</h2>`;
  // The copy itself is escaped before the (already escaped or built) values go in.
  const copy = (template: string) => fill(escapeHtml(template), rich);

  const html = `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:${colors.background};font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:${colors.text}">
<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(accessEmail.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${colors.background}">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border:1px solid ${colors.border};border-radius:8px">
<tr><td style="padding:32px 28px">
${input.demoMode ? paragraph(`<strong>${escapeHtml(demoNotice.text)}</strong>`, 'padding:8px 12px;background:#fcd34d;border-radius:6px;font-size:14px') : ''}
${paragraph(`<strong>${name ? copy(accessEmail.greeting) : escapeHtml(accessEmail.greetingWithoutName)}</strong>`, 'font-size:20px')}
${paragraph(copy(accessEmail.thanks))}
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 16px"><tr><td style="border-radius:6px;background:${colors.button}">
<a href="${escapeHtml(accessUrl)}" style="display:inline-block;padding:14px 28px;font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(accessEmail.button)}</a>
</td></tr></table>
${paragraph(`${escapeHtml(accessEmail.rawLinkIntro)}<br>${link(accessUrl, accessUrl)}`, `font-size:14px;color:${colors.muted}`)}
${heading(accessEmail.aboutTitle)}
<ul style="margin:0 0 16px;padding-left:20px;font-size:16px;line-height:1.5">
${accessEmail.about.map((item) => `<li style="margin:0 0 6px">${escapeHtml(item)}</li>`).join('\n')}
</ul>
${heading(accessEmail.recoverTitle)}
${paragraph(copy(accessEmail.recover))}
${paragraph(copy(accessEmail.support))}
${paragraph(`${escapeHtml(accessEmail.signature)}<br>${rich.productName}`)}
</td></tr>
</table>
<p style="max-width:560px;margin:16px auto 0;font-size:12px;line-height:1.5;color:${colors.muted}">${copy(accessEmail.footer)}</p>
</td></tr>
</table>
</body>
</html>
`;

  return { subject, text, html };
}
