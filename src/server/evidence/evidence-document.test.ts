import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { evidenceDocument } from '../../content/evidence.ts';
import { escapeHtml } from '../../shared/html.ts';
import { EVIDENCE_KINDS, type EvidenceEventKind, type OrderEvidence } from './evidence.ts';
import { renderEvidenceHtml, renderEvidencePdf } from './evidence-document.ts';
import { pdfText } from './evidence-pdf.ts';

const minute = 60_000;
/** 10/03/2026 11:03:07 in São Paulo. */
const start = Date.UTC(2026, 2, 10, 14, 3, 7);
const kinds = Object.keys(evidenceDocument.events) as EvidenceEventKind[];

function evidenceWith(overrides: Partial<OrderEvidence> = {}): OrderEvidence {
  const evidence = {
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
    purchase: {
      charges: [
        { amountCents: 1990, items: ['Lista VIP de Fornecedores'], transactionHash: 'tx_8f2c1e9a' },
        { amountCents: 990, items: ['Lista de Fornecedores de Recarga'], transactionHash: 'tx_addon_31' },
      ],
      paidCents: 2980,
      refundedCents: 0,
      owedCents: 0,
    },
    events: kinds.map((kind, index) => ({ at: start + index * 61 * minute, kind, detail: `detalhe ${index}` })),
    ...overrides,
  };
  // The openings' count as order-evidence.ts gives it: here every opening is one of the events.
  const opens = evidence.events.filter((event) => event.kind === 'member_page_opened');
  const openings = {
    count: opens.length,
    addresses: new Set(opens.map((open) => open.detail)).size,
    withoutAddress: 0,
    firstAt: opens[0]?.at ?? null,
    lastAt: opens.at(-1)?.at ?? null,
    beyond: null,
  };
  return { openings, ...evidence };
}

/**
 * The text a PDF shows, line by line: pdfkit writes each line as one TJ array of hex strings in
 * WinAnsi (after deflating the page streams), which is all this reads.
 */
function pdfLines(pdf: Uint8Array): string[] {
  const raw = Buffer.from(pdf).toString('latin1');
  const winAnsi = new TextDecoder('windows-1252');
  const lines: string[] = [];
  for (const [, data] of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(data!, 'latin1')).toString('latin1');
    } catch {
      continue; // not a deflated content stream
    }
    for (const [, array] of content.matchAll(/\[((?:<[0-9a-f]*>|[-\d.\s])*)\]\s*TJ/gi)) {
      const hex = [...array!.matchAll(/<([0-9a-f]*)>/gi)].map((part) => part[1]).join('');
      lines.push(winAnsi.decode(Buffer.from(hex, 'hex')));
    }
  }
  return lines;
}

const pageCount = (pdf: Uint8Array) =>
  Buffer.from(pdf)
    .toString('latin1')
    .match(/\/Type \/Page\b/g)?.length ?? 0;

describe('the kinds of evidence', () => {
  it('are one list: each has its words in content/evidence.ts, and the words name no other kind', () => {
    expect(Object.keys(evidenceDocument.events).sort()).toEqual([...EVIDENCE_KINDS].sort());
  });
});

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

  it('marks where a control or bidi-override character was, in every value, whatever the database kept', () => {
    // A note or a name written before the schemas refused them, or stored raw by SQLite.
    const hidden = (field: string) => `${field}\u0000\u0007\u001b[31m\u202eevil\u2066x\u2069\u0085`;
    const html = renderEvidenceHtml(
      evidenceWith({
        buyer: { name: hidden('buyer'), email: 'c@example.com', phone: '(11) 98765-4321', document: null },
        events: [{ at: start, kind: 'refund_requested', detail: hidden('detail') }],
      }),
    );
    // eslint-disable-next-line no-control-regex -- looking for control characters is the point
    expect(html).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    // What the characters hid stays readable, with a visible mark where each one was.
    expect(html).toContain('buyer\ufffd\ufffd\ufffd[31m\ufffdevil\ufffdx\ufffd\ufffd');
    expect(html).toContain('detail\ufffd');
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

describe('renderEvidencePdf', () => {
  it('writes a PDF with the reference, the amount and accented Portuguese', async () => {
    const pdf = await renderEvidencePdf(evidenceWith());
    expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const text = pdfLines(pdf).join('\n').replaceAll('\u00a0', ' ');
    expect(text).toContain('Pedido VT-7K2M9Q');
    expect(text).toContain('R$ 19,90');
    expect(text).toContain('Conceição Gonçalves de Sé e Leões');
    expect(text).toContain('Página de membro aberta');
    expect(text).toContain('10/03/2026 11:03:07');
    expect(text).toContain('Página 1 de');
  });

  it('breaks a long history over several pages, repeating the table header', async () => {
    const opens = Array.from({ length: 300 }, (_, index) => ({
      at: start + (index + 5) * minute,
      kind: 'member_page_opened' as const,
      detail: index % 7 === 0 ? `Aparelho ${'a1f3'.repeat(30)}` : 'Aparelho 9c2e',
    }));
    const began = performance.now();
    const pdf = await renderEvidencePdf(evidenceWith({ events: [...evidenceWith().events.slice(0, 3), ...opens] }));
    expect(performance.now() - began).toBeLessThan(5_000);
    const pages = pageCount(pdf);
    expect(pages).toBeGreaterThanOrEqual(5);
    const lines = pdfLines(pdf);
    expect(lines).toContain('303');
    expect(lines).toContain(`Página ${pages} de ${pages}`);
    // The header opens the table and every page it continues on.
    const headers = lines.filter((line) => line === evidenceDocument.table.at).length;
    expect(headers).toBeGreaterThanOrEqual(pages - 2);
  });
});

describe('pdfText', () => {
  it('keeps what WinAnsi draws and swaps or drops the rest', () => {
    expect(pdfText('ã ç é õ Ç À “aspas” — € R$\u00a019,90')).toBe('ã ç é õ Ç À “aspas” — € R$\u00a019,90');
    expect(pdfText('cafe\u0301 ő → 😀')).toBe('café o -> ?');
    expect(pdfText('a\u0000b\tc\nd\u202fe\u2212f\u200bg')).toBe('ab c\nd e-fg');
  });
});
