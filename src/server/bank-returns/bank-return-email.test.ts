import { describe, expect, it } from 'vitest';
import { renderBankReturnEmail } from './bank-return-email.ts';

const input = {
  buyerName: 'Rita de Cássia Nogueira',
  amountCents: 1990,
  productName: 'Lista de Fornecedores Secretos Vitalícia',
  recoverUrl: 'https://loja.example.com/acesso',
};

describe('renderBankReturnEmail', () => {
  it('tells the buyer which payment was kept, which goes back and how much, in text and HTML', () => {
    const email = renderBankReturnEmail(input);
    const text = email.text.replace(/\u00a0/g, ' ');
    expect(email.subject).toBe('Você pagou duas vezes: devolvemos o pagamento feito no app do banco');
    expect(text.startsWith('Olá, Rita!\n')).toBe(true);
    expect(text).toContain(
      'Ficamos com o pagamento do código PIX e pedimos a devolução do pagamento feito no app do banco, R$ 19,90, para a mesma conta que pagou.',
    );
    expect(text).toContain('O seu acesso continua ativo. Se precisar do link de novo, peça em https://loja.example.com/acesso.');
    expect(email.html).toMatch(/<strong>R\$\s19,90<\/strong>/);
    expect(email.html).toContain('href="https://loja.example.com/acesso"');
  });

  it('the PIX paid after the refund goes back: says which payment went back, how much, and that nothing stays charged', () => {
    const email = renderBankReturnEmail({ ...input, way: 'pix' });
    const text = email.text.replace(/\u00a0/g, ' ');
    expect(email.subject).toBe('Você pagou duas vezes: devolvemos o PIX pago depois do reembolso');
    expect(text).toContain('pedimos a devolução do pagamento do código PIX, R$ 19,90, para a mesma conta que pagou.');
    expect(text).toContain('Com as duas devoluções, nada fica cobrado por este pedido.');
    expect(text).not.toContain('O seu acesso continua ativo');
  });

  it('escapes what it interpolates into the HTML', () => {
    const email = renderBankReturnEmail({ ...input, buyerName: '<img src=x> Rita', productName: 'Lista <b>&</b>' });
    expect(email.html).not.toContain('<img');
    expect(email.html).toContain('Lista &lt;b&gt;&amp;&lt;/b&gt;');
  });
});
