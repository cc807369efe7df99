import { formatBRL } from '../../shared/money.ts';
import { escapeHtml } from '../../shared/html.ts';
import { standalonePage } from '../http/standalone-page.ts';

/** The sandbox's "bank": one page per charge to simulate paying or a refund, which fires the postback. */

const SANDBOX_LABEL = 'Ambiente de testes (sandbox)';

const STATUS_LABELS: Record<string, string> = {
  waiting_payment: 'Aguardando pagamento',
  paid: 'Pago',
  refunded: 'Estornado',
};

const HEADINGS: Record<string, string> = {
  waiting_payment: 'Pagamento pendente',
  paid: 'Pagamento simulado',
  refunded: 'Estorno simulado',
};

const STYLE = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; background: #f4f4f5; color: #18181b; }
  main { max-width: 28rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 12px;
         box-shadow: 0 1px 3px rgb(0 0 0 / 0.12); }
  .badge { display: inline-block; margin: 0 0 1rem; padding: 0.25rem 0.6rem; border-radius: 999px;
           background: #fef3c7; color: #92400e; font-size: 0.85rem; font-weight: 600; }
  h1 { margin: 0 0 1rem; font-size: 1.4rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 0.4rem 1rem; margin: 0 0 1.25rem; }
  dt { color: #52525b; } dd { margin: 0; font-weight: 600; word-break: break-all; }
  form { margin: 0 0 0.75rem; }
  button { width: 100%; padding: 0.8rem; border: 0; border-radius: 8px; font-size: 1rem; font-weight: 700; cursor: pointer; }
  .pay { background: #16a34a; color: #fff; } .refund { background: #e4e4e7; color: #18181b; }
  p { color: #3f3f46; line-height: 1.5; }
  code { display: block; margin-top: 0.5rem; padding: 0.6rem; background: #f4f4f5; border-radius: 6px;
         font-size: 0.75rem; word-break: break-all; }
`;

export interface SandboxPageInput {
  hash: string;
  amountCents: number;
  paymentStatus: string;
  pixCode: string;
  path: string;
}

export function renderSandboxPayPage(page: SandboxPageInput): string {
  const status = page.paymentStatus;
  const form = (action: string, className: string, label: string) =>
    `<form method="post" action="${escapeHtml(action)}"><button class="${className}" type="submit">${label}</button></form>`;
  // Only the step that makes sense now: pay what is pending, refund what was paid.
  const actions =
    status === 'waiting_payment'
      ? form(page.path, 'pay', 'Simular pagamento')
      : status === 'paid'
        ? form(`${page.path}/refund`, 'refund', 'Simular estorno')
        : '';
  return standalonePage({
    title: `${HEADINGS[status] ?? 'Transação'} · ${SANDBOX_LABEL}`,
    style: STYLE,
    body: `<main>
<p class="badge">${SANDBOX_LABEL}</p>
<h1>${escapeHtml(HEADINGS[status] ?? 'Transação')}</h1>
<dl>
<dt>Transação</dt><dd>${escapeHtml(page.hash)}</dd>
<dt>Valor</dt><dd>${escapeHtml(formatBRL(page.amountCents))}</dd>
<dt>Status</dt><dd>${escapeHtml(STATUS_LABELS[status] ?? status)}</dd>
</dl>
${actions}
<p>Nenhum dinheiro é movimentado aqui. Simular o pagamento avisa a loja como o gateway de verdade avisaria.</p>
<details><summary>Código PIX (copia e cola)</summary><code>${escapeHtml(page.pixCode)}</code></details>
</main>`,
  });
}

export function renderSandboxNotFoundPage(): string {
  return standalonePage({
    title: `Transação não encontrada · ${SANDBOX_LABEL}`,
    style: STYLE,
    body: `<main><p class="badge">${SANDBOX_LABEL}</p><h1>Transação não encontrada</h1></main>`,
  });
}
