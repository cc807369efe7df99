import { describe, expect, it } from 'vitest';
import { demoNotice } from '../../content/demo.ts';
import { buttonBlock, defineEmail, emailCopy, emailMessageId } from './define-email.ts';

const renderNote = defineEmail((input: { name: string; url: string; demoMode?: boolean; seller?: boolean; extra?: boolean }) => {
  const copy = emailCopy({ productName: 'Lista <Secreta>', url: input.url }, { url: `<b>${input.url}</b>` });
  return {
    subject: copy.text('Sobre a {productName}'),
    preheader: 'Uma nota',
    demoMode: input.demoMode,
    ...(input.seller ? {} : { greet: { firstName: input.name } }),
    blocks: [
      copy.paragraph('Veja {url} na {productName}.'),
      input.extra && copy.paragraph('Mais uma linha.'),
      buttonBlock(input.url, 'ABRIR', 'Ou copie:', [`ABRIR: ${input.url}`, '']),
    ],
    ...(input.seller
      ? {}
      : { signature: { line: 'Até logo,', productName: 'Lista <Secreta>' }, footer: [copy.line('Você comprou a {productName}.')] }),
  };
});

describe('defineEmail', () => {
  it('writes the text part: greeting, blocks, sign-off, then the footer after "--"', () => {
    expect(renderNote({ name: 'Ana', url: 'https://loja.example.com/a?b=1&c=2' }).text).toBe(
      [
        'Olá, Ana!',
        '',
        'Veja https://loja.example.com/a?b=1&c=2 na Lista <Secreta>.',
        '',
        'ABRIR: https://loja.example.com/a?b=1&c=2',
        '',
        'Até logo,',
        'Lista <Secreta>',
        '',
        '--',
        'Você comprou a Lista <Secreta>.',
        '',
      ].join('\n'),
    );
    expect(renderNote({ name: '', url: 'https://x.example.com' }).text.startsWith('Olá!\n\n')).toBe(true);
  });

  it('escapes the copy and the values in the HTML, and takes the rich form of a value where given', () => {
    const { html, subject } = renderNote({ name: 'Ana', url: 'https://loja.example.com/a?b=1&c=2' });
    expect(subject).toBe('Sobre a Lista <Secreta>');
    expect(html).toContain('<title>Sobre a Lista &lt;Secreta&gt;</title>');
    expect(html).toContain('Veja <b>https://loja.example.com/a?b=1&c=2</b> na Lista &lt;Secreta&gt;.');
    expect(html).toContain('href="https://loja.example.com/a?b=1&amp;c=2"');
    expect(html).not.toContain('<Secreta>');
  });

  it('leaves no trace of a block left out, and shows the demo notice in both parts', () => {
    const without = renderNote({ name: 'Ana', url: 'https://x.example.com' });
    const withIt = renderNote({ name: 'Ana', url: 'https://x.example.com', extra: true });
    expect(withIt.html).toContain('Mais uma linha.');
    expect(withIt.html.replace(/<p [^>]*>Mais uma linha\.<\/p>\n/, '')).toBe(without.html);
    expect(withIt.text.replace('Mais uma linha.\n\n', '')).toBe(without.text);
    const demo = renderNote({ name: 'Ana', url: 'https://x.example.com', demoMode: true });
    expect(demo.text.startsWith(`[${demoNotice.text}]\n\nOlá, Ana!`)).toBe(true);
    expect(demo.html).toContain(demoNotice.text);
  });

  it("gives the seller's alert the skeleton without a greeting, a sign-off or a footer", () => {
    const alert = renderNote({ name: 'Ana', url: 'https://x.example.com', seller: true });
    expect(alert.text.startsWith('Veja ')).toBe(true);
    expect(alert.text).not.toContain('--');
    expect(alert.html).toContain('<html lang="pt-BR">');
    expect(alert.html).not.toContain('Olá');
    expect(alert.html).not.toContain('font-size:12px');
  });
});

describe('emailMessageId', () => {
  it('is the same for the same row, holds the order id, and keeps to the characters a file name and RFC 5322 take', () => {
    expect(emailMessageId('access', 'ord_123', 'access_resend:1700000000000')).toBe('<access-ord_123-access_resend-1700000000000@vitrine>');
    expect(emailMessageId('refund_done:ord_2', 'ord_1')).toBe('<refund_done-ord_2-ord_1@vitrine>');
    expect(emailMessageId('x', 'a'.repeat(300))).toMatch(/^<x-a{178}@vitrine>$/);
  });
});
