import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { disputeRefundGuard } from '../../content/disputes.ts';
import { refundPage } from '../../content/refunds.ts';
import type { GuaranteeView } from '../../shared/refunds.ts';
import { GuaranteeSection } from './guarantee-section.tsx';

const PAID_AT = Date.UTC(2025, 2, 5, 15, 0, 0);
const view = (overrides: Partial<GuaranteeView> = {}): GuaranteeView => ({
  days: 7,
  endsAt: PAID_AT + 7 * 24 * 60 * 60_000,
  canRequest: true,
  request: null,
  disputeOpen: false,
  ...overrides,
});
const render = (guarantee: GuaranteeView) =>
  renderToStaticMarkup(
    createElement(GuaranteeSection, {
      guarantee,
      onGuaranteeChange: () => undefined,
      target: { kind: 'member' },
      supportEmail: 'suporte@example.com',
    }),
  );
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const buttons = (html: string) => [...html.matchAll(/<button[^>]*>(.*?)<\/button>/g)].map((match) => match[1]!.replace(/<[^>]+>/g, ''));

describe('the guarantee section', () => {
  it('offers "Pedir reembolso" while the window is open', () => {
    const html = render(view());
    expect(buttons(html)).toEqual([refundPage.request]);
    expect(text(html)).toContain(refundPage.open);
  });

  it('during a contestação says the bank decides and returns the money by PIX, and offers no request', () => {
    const html = render(view({ canRequest: false, disputeOpen: true }));
    expect(text(html)).toContain('Esta compra tem uma contestação em análise no seu banco.');
    expect(text(html)).toContain(disputeRefundGuard.buyerAnswer);
    expect(buttons(html)).toEqual([]);
    expect(text(html)).not.toContain(refundPage.request);
    expect(html).toContain('mailto:suporte@example.com');
  });

  it('says so over a request made before the contestação opened', () => {
    const html = render(
      view({ canRequest: false, disputeOpen: true, request: { requestedAt: PAID_AT, status: 'requested', declineReason: null } }),
    );
    expect(text(html)).toContain(disputeRefundGuard.buyerAnswer);
    expect(text(html)).not.toContain('Pedido de reembolso recebido');
  });
});
