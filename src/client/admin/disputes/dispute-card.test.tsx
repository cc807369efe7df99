import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { AdminDispute } from '../../../shared/disputes.ts';
import { DisputeCard } from './dispute-card.tsx';

const now = Date.UTC(2026, 10, 27, 15);
const HOUR = 3_600_000;

const dispute = (fields: Partial<AdminDispute> = {}): AdminDispute => ({
  id: 'dsp_1',
  orderId: 'ord_1',
  orderRef: 'VTR-7K2M',
  buyerName: 'Joana Lima',
  provider: 'tribopay',
  source: 'manual',
  providerDisputeId: null,
  endToEndId: null,
  amountCents: 1990,
  returnedCents: null,
  returnedPart: false,
  state: 'open',
  openedAt: now - HOUR,
  defenceDueAt: now + 2 * 24 * HOUR + 5 * HOUR,
  closedAt: null,
  defenceChannel: 'panel',
  defenceSentAt: null,
  items: ['Lista de Fornecedores Secretos Vitalícia'],
  ...fields,
});

const render = (fields: Partial<AdminDispute> = {}) =>
  renderToStaticMarkup(
    createElement(DisputeCard, { dispute: dispute(fields), now, onChanged: async () => {}, onSignedOut: () => {} }),
  ).replace(/\u00a0/g, ' ');

describe('a dispute in Contestações', () => {
  it('shows an open dispute entered by hand: its amount, source, deadline with the time left, defence and outcomes', () => {
    const html = render();
    expect(html).toContain('Pedido VTR-7K2M');
    expect(html).toContain('Aberta');
    expect(html).toContain('Registrada à mão');
    expect(html).toContain('R$ 19,90');
    expect(html).toContain('>TriboPay</dd>');
    expect(html).toContain('Faltam 2 dias e 5 h');
    // The text itself is read for this dispute alone, once the card is on screen.
    expect(html).toContain('placeholder="Carregando o texto da defesa…"');
    expect(html).toMatch(/<button[^>]*>Enviar defesa<\/button>/);
    expect(html).not.toMatch(/<button[^>]* disabled=""[^>]*>Enviar defesa/);
    for (const outcome of ['Ganha', 'Perdida', 'Cancelada']) expect(html).toContain(`>${outcome}</button>`);
    // The PDF and the text to paste come once the defence is sent.
    expect(html).not.toContain('Baixar PDF da defesa');
    expect(html).not.toContain('Devolvido pelo MED');
  });

  it('keeps "Enviar defesa" disabled once sent, and gives the panel’s PDF and the text to copy', () => {
    const html = render({ state: 'defending', defenceSentAt: now - 60_000 });
    expect(html).toMatch(/<button[^>]* disabled=""[^>]*>Enviar defesa<\/button>/);
    expect(html).toContain('Defesa enviada em');
    expect(html).toContain('href="/api/admin/disputes/dsp_1/defence.pdf"');
    expect(html).toContain('Baixar PDF da defesa');
    expect(html).toContain('Copiar<span class="sr-only"> o texto da defesa</span>');
  });

  it('sends a provider’s defence through its API: no PDF, no closing by hand', () => {
    const html = render({ source: 'provider', defenceChannel: 'provider', defenceSentAt: now - 60_000, state: 'defending' });
    expect(html).toContain('Do provedor');
    expect(html).not.toContain('Baixar PDF da defesa');
    expect(html).not.toContain('>Perdida</button>');
  });

  it('shows a lost dispute as returned by the MED, never as a refund, with no defence left to send', () => {
    const html = render({ state: 'lost', closedAt: now - HOUR, returnedCents: 1990 });
    expect(html).toContain('Devolvido pelo MED: R$ 19,90');
    expect(html).toContain('Perdida');
    expect(html).not.toContain('Reembolsad');
    expect(html).not.toContain('Enviar defesa');
    expect(html).not.toContain('Faltam');
  });

  it('shows the devolução read, a part of the contested amount, and says when none was read yet', () => {
    const part = render({ state: 'lost', closedAt: now - HOUR, amountCents: 2980, returnedCents: 500, returnedPart: true });
    expect(part).toContain('Devolvido pelo MED (parte): R$ 5,00. O acesso do comprador continua.');
    expect(part).toContain('R$ 29,80');
    const awaited = render({ state: 'lost', closedAt: now - HOUR, provider: 'efi', source: 'provider', returnedCents: null });
    expect(awaited).toContain('Nada conta como devolvido pelo MED antes de a devolução aparecer no PIX');
    expect(awaited).not.toContain('Devolvido pelo MED:');
  });

  it('says when the provider named no deadline', () => {
    expect(render({ defenceDueAt: null })).toContain('Prazo não informado pelo provedor');
  });
});
