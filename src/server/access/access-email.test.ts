import { describe, expect, it } from 'vitest';
import { renderAccessEmail } from './access-email.ts';

const input = {
  buyerName: 'Maria Aparecida da Silva',
  accessUrl: 'https://loja.example.com/acesso/tok_abc123',
  supportEmail: 'suporte@loja.example.com',
  productName: 'Lista de Fornecedores Secretos Vitalícia',
};

describe('renderAccessEmail', () => {
  it('thanks the buyer by first name and carries the link, the recovery page and support, in text and HTML', () => {
    const email = renderAccessEmail(input);
    expect(email.subject).toBe('Seu acesso à Lista de Fornecedores Secretos Vitalícia está liberado');

    expect(email.text.startsWith('Olá, Maria!\n')).toBe(true);
    expect(email.text).not.toContain('Aparecida');
    expect(email.text).toContain('\nhttps://loja.example.com/acesso/tok_abc123\n');
    expect(email.text).toContain('https://loja.example.com/acesso e digite o e-mail que você usou na compra');
    expect(email.text).toContain('suporte@loja.example.com');
    expect(email.text).toContain('atualizada toda semana');
    expect(email.text).toContain('Acesso vitalício');

    expect(email.html).toContain('<html lang="pt-BR">');
    expect(email.html).toContain('Olá, Maria!');
    expect(email.html).not.toContain('Aparecida');
    // The button and the raw link both point at the access page.
    expect(email.html.match(/href="https:\/\/loja\.example\.com\/acesso\/tok_abc123"/g)).toHaveLength(2);
    expect(email.html).toContain('ACESSAR MINHA LISTA');
    expect(email.html).toContain('href="https://loja.example.com/acesso"');
    expect(email.html).toContain('href="mailto:suporte@loja.example.com"');
  });

  it('escapes everything it interpolates into the HTML', () => {
    const email = renderAccessEmail({
      ...input,
      buyerName: '<script>alert("x")</script> Silva',
      accessUrl: 'https://loja.example.com/acesso/a?b=1&c="2"',
      productName: 'Lista <b>&</b>',
    });
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(email.html).toContain('Lista &lt;b&gt;&amp;&lt;/b&gt;');
    expect(email.html).toContain('href="https://loja.example.com/acesso/a?b=1&amp;c=%222%22"');
    expect(email.html).not.toContain('<b>');
    // The plain-text part is not HTML: it keeps the name as typed.
    expect(email.text).toContain('Olá, <script>alert("x")</script>!');
  });

  it('greets without a name when none was given, and refuses a link that is not a web URL', () => {
    expect(renderAccessEmail({ ...input, buyerName: '   ' }).text.startsWith('Olá!\n')).toBe(true);
    expect(() => renderAccessEmail({ ...input, accessUrl: 'javascript:alert(1)' })).toThrow(/http\(s\)/);
  });

  it('says in both parts that a demo charged nothing, and says nothing of it with a real gateway', () => {
    const demo = renderAccessEmail({ ...input, demoMode: true });
    expect(demo.text.split('\n')[0]).toBe('[Modo demonstração — nenhum pagamento real é cobrado]');
    expect(demo.html).toContain('Modo demonstração — nenhum pagamento real é cobrado');
    const real = renderAccessEmail({ ...input, demoMode: false });
    expect(real.text).not.toContain('demonstração');
    expect(real.html).not.toContain('demonstração');
  });

  it('lists the items with their prices when the order holds the bump too, escaped; not for the main product alone', () => {
    const items = [
      { title: 'Lista de Fornecedores Secretos Vitalícia', priceCents: 1990 },
      { title: 'Lista de <Recarga>', priceCents: 990 },
    ];
    const email = renderAccessEmail({ ...input, items });
    expect(email.text).toContain(
      'Itens do pedido:\n- Lista de Fornecedores Secretos Vitalícia: R$\u00a019,90\n- Lista de <Recarga>: R$\u00a09,90',
    );
    expect(email.html).toContain('Itens do pedido');
    expect(email.html).toContain('Lista de &lt;Recarga&gt;');
    expect(email.html).toContain('R$\u00a09,90');
    const alone = renderAccessEmail({ ...input, items: items.slice(0, 1) });
    expect(alone.text).not.toContain('Itens do pedido');
    expect(alone.html).not.toContain('Itens do pedido');
  });
});
