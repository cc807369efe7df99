import { describe, expect, it } from 'vitest';
import { renderRefundEmail } from './refund-email.ts';

const base = {
  amountCents: 1990,
  requestedAt: Date.UTC(2026, 10, 20, 15),
  recoverUrl: 'https://loja.example.com/acesso',
  supportEmail: 'ajuda@example.com',
  productName: 'Lista de Fornecedores Secretos Vitalícia',
};

describe('refund e-mails', () => {
  it('greet by a first name of letters only: a URL typed as the name never reaches the inbox', () => {
    const named = renderRefundEmail({ ...base, kind: 'done', buyerName: 'Joana Prado' });
    expect(named.text).toMatch(/^Olá, Joana!/);
    const hostile = renderRefundEmail({ ...base, kind: 'done', buyerName: 'https://golpe.example.com Prado' });
    expect(hostile.text).toMatch(/^Olá!/);
    expect(hostile.text + hostile.html).not.toContain('golpe.example.com');
  });

  it('say the amount, and the seller’s reason escaped in a decline', () => {
    const done = renderRefundEmail({ ...base, kind: 'done', buyerName: 'Joana' });
    expect(done.subject).toBe('Reembolso feito');
    expect(done.text).toContain('R$\u00a019,90');
    const declined = renderRefundEmail({ ...base, kind: 'declined', buyerName: 'Joana', declineReason: 'Uso <b>completo</b> da lista.' });
    expect(declined.text).toContain('Motivo: Uso <b>completo</b> da lista.');
    expect(declined.html).toContain('Uso &lt;b&gt;completo&lt;/b&gt; da lista.');
  });

  it('say what the buyer keeps when part of the purchase went back', () => {
    const kept = ['Lista de Fornecedores Secretos Vitalícia'];
    const part = renderRefundEmail({ ...base, amountCents: 990, kind: 'done_part', buyerName: 'Joana', keptItems: kept });
    expect(part.text).toContain('R$\u00a09,90');
    expect(part.text).toContain(`Continua com você: ${kept[0]}.`);
    expect(part.text).not.toContain('foi encerrado');
    const duplicate = renderRefundEmail({ ...base, kind: 'done_duplicate_part', buyerName: 'Joana', keptItems: ['<Recarga>'] });
    expect(duplicate.subject).toBe('Devolvemos o que você pagou em duplicidade');
    expect(duplicate.html).toContain('&lt;Recarga&gt;');
  });
});
