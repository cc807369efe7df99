import { describe, expect, it } from 'vitest';
import { renderBumpFunnel } from './bump-funnel.ts';

describe('order bump report', () => {
  it('prints each bump step with its share of the step it follows, and the offer conversion', () => {
    const text = renderBumpFunnel(
      { ordersCreated: 10, createdWithBump: 4, paidWithBump: 3, offered: 5, accepted: 2, declined: 1, addonPaid: 1 },
      20,
      { from: '2026-11-16', to: '2026-11-22' },
    );
    expect(text).toContain('Order bump (orders created 2026-11-16 to 2026-11-22');
    expect(text).toMatch(/Orders created\s+10\s+50\.0%/);
    expect(text).toMatch(/with the bump ticked\s+4\s+40\.0%/);
    expect(text).toMatch(/paid with the bump\s+3\s+75\.0%/);
    expect(text).toMatch(/offer shown\s+5\s+—/);
    expect(text).toMatch(/offer accepted\s+2\s+40\.0%/);
    expect(text).toMatch(/add-on paid\s+1\s+50\.0%/);
    expect(text).toContain('Offer conversion: 20.0% of the orders paid without the bump bought it after payment.');
  });

  it('shows dashes, not divisions by zero, without orders', () => {
    const zero = { ordersCreated: 0, createdWithBump: 0, paidWithBump: 0, offered: 0, accepted: 0, declined: 0, addonPaid: 0 };
    expect(renderBumpFunnel(zero, 0, { from: 'a', to: 'b' })).toContain('Offer conversion: — of');
  });
});
