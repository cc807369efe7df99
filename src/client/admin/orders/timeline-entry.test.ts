import { describe, expect, it } from 'vitest';
import type { RefundTimelineEvent } from '../../../shared/admin.ts';
import { describeTimelineEntry } from './timeline-entry.ts';

const at = Date.UTC(2026, 2, 3, 15);

describe('describeTimelineEntry', () => {
  it('labels every refund step in Portuguese, with the reason and the quoted text', () => {
    expect(
      describeTimelineEntry({ at, kind: 'refund', refund: { event: 'requested', reason: 'expected_other', text: 'Achei pouca coisa.' } }),
    ).toEqual({ title: 'Reembolso pedido', notes: ['Motivo: Esperava outra coisa', '“Achei pouca coisa.”'] });
    expect(describeTimelineEntry({ at, kind: 'refund', refund: { event: 'declined', text: 'Prazo encerrado.' } })).toEqual({
      title: 'Reembolso recusado',
      notes: ['“Prazo encerrado.”'],
    });
    // The gateway's error is shown as it came, not as someone's words.
    expect(describeTimelineEntry({ at, kind: 'refund', refund: { event: 'gateway_failed', text: 'HTTP 422' } }).notes).toEqual([
      'HTTP 422',
    ]);
  });

  it('has a label of its own for each refund step', () => {
    const events: RefundTimelineEvent[] = [
      'requested',
      'approved',
      'approved_auto',
      'declined',
      'gateway_called',
      'gateway_pending',
      'gateway_failed',
      'refunded',
    ];
    const titles = events.map((event) => describeTimelineEntry({ at, kind: 'refund', refund: { event } }).title);
    expect(new Set(titles).size).toBe(events.length);
    for (const title of titles) expect(title).toMatch(/^[A-ZÀ-Ú]/);
  });

  it('keeps the other steps as before: audit actions and e-mail errors', () => {
    expect(describeTimelineEntry({ at, kind: 'admin', detail: 'resend_access' })).toEqual({
      title: 'Ação no painel: Acesso reenviado',
      notes: [],
    });
    expect(describeTimelineEntry({ at, kind: 'email_failed', detail: '550 mailbox full' })).toEqual({
      title: 'Falha ao enviar e-mail',
      notes: ['550 mailbox full'],
    });
    expect(describeTimelineEntry({ at, kind: 'paid' })).toEqual({ title: 'Pagamento confirmado', notes: [] });
  });

  it("names an e-mail's step as the server labels it, its error under it", () => {
    expect(describeTimelineEntry({ at, kind: 'email_sent', label: 'E-mail do reembolso enviado ao comprador' })).toEqual({
      title: 'E-mail do reembolso enviado ao comprador',
      notes: [],
    });
    expect(
      describeTimelineEntry({ at, kind: 'email_failed', label: 'Falha ao enviar o e-mail de acesso', detail: '421 try later' }),
    ).toEqual({ title: 'Falha ao enviar o e-mail de acesso', notes: ['421 try later'] });
  });
});
