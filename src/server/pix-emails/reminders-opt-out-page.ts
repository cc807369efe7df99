import { remindersOptOut } from '../../content/order-page.ts';
import { escapeHtml } from '../../shared/html.ts';
import { standalonePage } from '../http/standalone-page.ts';

// A GET only shows a button (mail scanners and link previews open links on their own); the button POSTs the RFC 8058 body.
const STYLE = `
  :root { color-scheme: dark; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; min-height: 100vh; background: #060a13; color: #e2e8f0; }
  main { max-width: 28rem; margin: 0 auto; padding: 3rem 1.25rem; }
  .card { padding: 1.5rem; border: 1px solid #25324d; border-radius: 16px; background: #0f1729; }
  h1 { margin: 0 0 0.75rem; font-size: 1.4rem; color: #fff; }
  p { margin: 0 0 1.25rem; line-height: 1.55; color: #cbd5e1; }
  form { margin: 0 0 1.25rem; }
  button { width: 100%; min-height: 3rem; border: 0; border-radius: 12px; background: #22c55e; color: #052e16;
           font-size: 1rem; font-weight: 800; cursor: pointer; }
  a { color: #4ade80; font-weight: 700; }
`;

export type OptOutPageState = 'ask' | 'done' | 'invalid';

export type OptOutPageCopy = { readonly [Key in keyof typeof remindersOptOut]: string };

export function renderOptOutPage(
  state: OptOutPageState,
  links: { action: string; orderPath: string | null },
  copy: OptOutPageCopy = remindersOptOut,
): string {
  const body =
    state === 'ask'
      ? `<h1>${escapeHtml(copy.question)}</h1>
<p>${escapeHtml(copy.explain)}</p>
<form method="post" action="${escapeHtml(links.action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(copy.button)}</button></form>`
      : state === 'done'
        ? `<h1>${escapeHtml(copy.doneTitle)}</h1>
<p role="status">${escapeHtml(copy.done)}</p>`
        : `<h1>${escapeHtml(copy.invalidTitle)}</h1>
<p>${escapeHtml(copy.invalid)}</p>`;
  const orderLink =
    state !== 'invalid' && links.orderPath ? `<p><a href="${escapeHtml(links.orderPath)}">${escapeHtml(copy.orderLink)}</a></p>` : '';
  return standalonePage({
    title: copy.title,
    style: STYLE,
    body: `<main><div class="card">
${body}
${orderLink}
</div></main>`,
  });
}
