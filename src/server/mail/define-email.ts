import { demoNotice } from '../../content/demo.ts';
import { accessEmail } from '../../content/emails.ts';
import { escapeHtml } from '../../shared/html.ts';
import { colors, fill, html } from './email-parts.ts';

/** The e-mail builder (docs/architecture.md "Adding an e-mail"): shared skeleton for text and HTML; no images or tracking pixels. */

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** One piece of an e-mail in both parts: its lines of plain text, and its HTML, already escaped. */
export interface EmailBlock {
  text: readonly string[];
  html: string;
}

/** A sentence in both parts: a footer line, or copy inside a block. */
export interface EmailLine {
  text: string;
  html: string;
}

export interface EmailParts {
  subject: string;
  /** The line inboxes show after the subject. */
  preheader?: string;
  demoMode?: boolean | undefined;
  /** A buyer is greeted by first name (`greetingName`; '' greets no name); the seller's alerts greet no one. */
  greet?: { firstName: string };
  /** In order; a block left out (`false`, `undefined`) leaves no trace in either part. */
  blocks: ReadonlyArray<EmailBlock | false | undefined>;
  /** A buyer e-mail's sign-off, above the product's name. */
  signature?: { line: string; productName: string };
  /** Why the reader got it: after `--` in the text, in small print under the card in the HTML. */
  footer?: readonly EmailLine[];
}

type Values = Record<string, string>;

/** `{marks}` filled per part: as is in text, escaped (or `rich`) in HTML; the copy is escaped before the values go in. */
export function emailCopy(plain: Values, rich: Values = {}) {
  const richValues: Values = { ...Object.fromEntries(Object.entries(plain).map(([key, value]) => [key, escapeHtml(value)])), ...rich };
  const line = (template: string): EmailLine => ({ text: fill(template, plain), html: fill(escapeHtml(template), richValues) });
  return {
    rich: richValues,
    text: (template: string) => fill(template, plain),
    line,
    /** A paragraph of copy, followed by a blank line in the text. */
    paragraph(template: string, style?: string): EmailBlock {
      const filled = line(template);
      return { text: [filled.text, ''], html: html.paragraph(filled.html, style) };
    },
  };
}

/** The big button, and under it the raw link for a client that shows no button; the text part writes the link its own way. */
export function buttonBlock(url: string, label: string, rawLinkIntro: string, text: readonly string[]): EmailBlock {
  return {
    text,
    html: `${html.button(url, label)}
${html.paragraph(`${escapeHtml(rawLinkIntro)}<br>${html.link(url, url)}`, `font-size:14px;color:${colors.muted}`)}`,
  };
}

/** Makes an e-mail's renderer: `compose` states its parts, the builder writes both of them in the house's skeleton. */
export function defineEmail<Input>(compose: (input: Input) => EmailParts): (input: Input) => RenderedEmail {
  return (input) => buildEmail(compose(input));
}

function buildEmail(parts: EmailParts): RenderedEmail {
  const blocks = [greetingBlock(parts.greet), ...parts.blocks, signatureBlock(parts.signature)].filter((block): block is EmailBlock =>
    Boolean(block),
  );
  const text = [
    ...(parts.demoMode ? [`[${demoNotice.text}]`, ''] : []),
    ...blocks.flatMap((block) => block.text),
    ...(parts.footer ? ['--', ...parts.footer.map((line) => line.text), ''] : []),
  ].join('\n');
  const body = blocks
    .map((block) => block.html)
    .filter((part) => part !== '')
    .join('\n');
  const footer = parts.footer?.map((line) => line.html).join('<br>');
  return { subject: parts.subject, text, html: emailDocument({ ...parts, body, footer }) };
}

function greetingBlock(greet: EmailParts['greet']): EmailBlock | undefined {
  if (!greet) return undefined;
  const { firstName } = greet;
  const text = firstName ? fill(accessEmail.greeting, { firstName }) : accessEmail.greetingWithoutName;
  const rich = firstName
    ? fill(escapeHtml(accessEmail.greeting), { firstName: escapeHtml(firstName) })
    : escapeHtml(accessEmail.greetingWithoutName);
  return { text: [text, ''], html: html.paragraph(`<strong>${rich}</strong>`, 'font-size:20px') };
}

function signatureBlock(signature: EmailParts['signature']): EmailBlock | undefined {
  if (!signature) return undefined;
  return {
    text: [signature.line, signature.productName, ''],
    html: html.paragraph(`${escapeHtml(signature.line)}<br>${escapeHtml(signature.productName)}`),
  };
}

/** `body` and `footer` are HTML already escaped. */
function emailDocument(parts: {
  subject: string;
  preheader?: string;
  demoMode?: boolean | undefined;
  body: string;
  footer?: string;
}): string {
  const preheader = parts.preheader ? `\n<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(parts.preheader)}</div>` : '';
  const footer = parts.footer
    ? `\n<p style="max-width:560px;margin:16px auto 0;font-size:12px;line-height:1.5;color:${colors.muted}">${parts.footer}</p>`
    : '';
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(parts.subject)}</title>
</head>
<body style="margin:0;padding:0;background:${colors.background};font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:${colors.text}">${preheader}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${colors.background}">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border:1px solid ${colors.border};border-radius:8px">
<tr><td style="padding:32px 28px">
${parts.demoMode ? html.paragraph(`<strong>${escapeHtml(demoNotice.text)}</strong>`, 'padding:8px 12px;background:#fcd34d;border-radius:6px;font-size:14px') : ''}
${parts.body}
</td></tr>
</table>${footer}
</td></tr>
</table>
</body>
</html>
`;
}

/** Stable across retries (one message, one `.eml`); holds the order id for erasure (mailer.ts `deleteMailFilesOfOrders`). */
export function emailMessageId(...parts: string[]): string {
  const localPart = parts
    .join('-')
    .replace(/[^A-Za-z0-9._-]/g, '-')
    .slice(0, 180);
  return `<${localPart}@vitrine>`;
}
