import { describe, expect, it } from 'vitest';
import { evidenceDocument } from '../../content/evidence.ts';
import { escapeHtml } from '../../shared/html.ts';
import type { EvidenceEventKind, OrderEvidence } from './evidence.ts';
import { renderEvidenceHtml } from './evidence-document.ts';

const minute = 60_000;
/** 10/03/2026 11:03:07 in São Paulo. */
const start = Date.UTC(2026, 2, 10, 14, 3, 7);
const kinds = Object.keys(evidenceDocument.events) as EvidenceEventKind[];

function evidenceWith(overrides: Partial<OrderEvidence> = {}): OrderEvidence {
  return {
    generatedAt: Date.UTC(2026, 2, 20, 18, 30, 0),
    productName: 'Lista VIP de Fornecedores',
    seller: {
      name: 'Loja Exemplo Ltda.',
      document: '12.345.678/0001-90',
      address: 'Rua das Acácias, 123, São Paulo, SP',
      supportEmail: 'suporte@example.com',
      siteUrl: 'https://example.com',
    },
    order: {
      reference: 'VT-7K2M9Q',
      id: 'ord_01HZX3F8Q2W7',
      createdAt: start,
      paidAt: start + 2 * minute,
      amountCents: 1990,
      transactionHash: 'tx_8f2c1e9a',
      statusLabel: 'Pago',
    },
    buyer: { name: 'Conceição Gonçalves de Sé e Leões', email: 'c@example.com', phone: '(11) 98765-4321', document: null },
    guarantee: { days: 7, endsAt: start + 7 * 24 * 60 * minute },
    events: kinds.map((kind, index) => ({ at: start + index * 61 * minute, kind, detail: `detalhe ${index}` })),
    ...overrides,
  };
}

describe('renderEvidenceHtml', () => {
  it('escapes a hostile value in every field', () => {
    const hostile = (field: string) => `${field}<script>alert("x")</script>'"&`;
    const html = renderEvidenceHtml(
      evidenceWith({
        productName: hostile('product'),
        seller: {
          name: hostile('seller'),
          document: hostile('document'),
          address: hostile('address'),
          supportEmail: hostile('support'),
          siteUrl: hostile('site'),
        },
        order: {
          reference: hostile('reference'),
          id: hostile('id'),
          createdAt: start,
          paidAt: null,
          amountCents: 1990,
          transactionHash: hostile('transaction'),
          statusLabel: hostile('status'),
        },
        buyer: { name: hostile('buyer'), email: hostile('email'), phone: hostile('phone'), document: hostile('cpf') },
        events: [{ at: start, kind: 'refund_requested', detail: hostile('detail') }],
      }),
    );
    expect(html).not.toMatch(/<script/i);
    for (const field of ['product', 'seller', 'document', 'address', 'support', 'site', 'reference', 'id', 'transaction', 'status']) {
      expect(html).toContain(escapeHtml(hostile(field)));
    }
    for (const field of ['buyer', 'email', 'phone', 'cpf', 'detail']) expect(html).toContain(escapeHtml(hostile(field)));
  });

  it('lists every event with its label and its time in São Paulo', () => {
    const html = renderEvidenceHtml(evidenceWith());
    for (const kind of kinds) expect(html).toContain(escapeHtml(evidenceDocument.events[kind].label));
    // 14:03:07 UTC, then every 61 minutes: São Paulo is 3 hours behind.
    expect(html).toContain('<td class="at">10/03/2026 11:03:07</td>');
    expect(html).toContain('<td class="at">10/03/2026 12:04:07</td>');
    expect(html).toContain('<td class="at">10/03/2026 20:12:07</td>');
    expect(html).toContain('R$\u00a019,90');
    expect(html).toContain('lang="pt-BR"');
    expect(html).toContain(escapeHtml(evidenceDocument.generatedAt('20/03/2026 15:30:00')));
  });

  it('loads nothing and runs nothing', () => {
    const html = renderEvidenceHtml(evidenceWith());
    expect(html).not.toMatch(/<(script|link|img|iframe|object|embed|base|form)\b/i);
    expect(html).not.toMatch(/\b(src|href|srcset|action|on\w+)=/i);
    expect(html).not.toMatch(/url\(|@import/i);
    // The seller's site is printed as text, never as a link.
    expect(html).toContain('<dd>https://example.com</dd>');
  });

  it('says when there is no event and when the order was not paid', () => {
    const evidence = evidenceWith({ events: [] });
    const html = renderEvidenceHtml({ ...evidence, order: { ...evidence.order, paidAt: null, transactionHash: null } });
    expect(html).toContain(escapeHtml(evidenceDocument.noEvents));
    expect(html).toContain(`<dd>${evidenceDocument.notPaid}</dd>`);
    expect(html).not.toContain('<table');
  });
});
