import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalizeTelegram, normalizeWhatsapp, parseSupplierCsv } from './supplier-csv.ts';

const HEADER = 'nome,categoria,oferta,whatsapp,telegram,observacoes';

describe('parseSupplierCsv', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks (RFC 4180)', () => {
    const csv = [
      HEADER,
      '"Loja ""Boa"" Exemplo",Streaming,"Netflix, Disney+",11 98765-4321,,"linha um',
      'linha dois"',
      'Outra Exemplo,Jogos,Game Pass,,@outra_exemplo,',
    ].join('\r\n');
    const { rows, errors } = parseSupplierCsv(csv);
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      {
        name: 'Loja "Boa" Exemplo',
        category: 'Streaming',
        offer: 'Netflix, Disney+',
        whatsapp: '5511987654321',
        telegram: null,
        notes: 'linha um linha dois',
      },
      { name: 'Outra Exemplo', category: 'Jogos', offer: 'Game Pass', whatsapp: null, telegram: 'https://t.me/outra_exemplo', notes: null },
    ]);
  });

  it('detects semicolons from the header, strips a BOM and matches headers ignoring case and accents', () => {
    const csv = '\uFEFFNome;Categoria;Oferta;WhatsApp;Telegram;Observações\nExemplo A;IPTV;"Planos; mensais";+55 (21) 3333-4444;;\n';
    const { rows, errors } = parseSupplierCsv(csv);
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      { name: 'Exemplo A', category: 'IPTV', offer: 'Planos; mensais', whatsapp: '552133334444', telegram: null, notes: null },
    ]);
  });

  it('reports every invalid row by its line in the file, counting lines inside quotes', () => {
    const csv = [
      HEADER,
      'Bom Exemplo,Streaming,Netflix,5511900000001,,',
      ',Streaming,Sem nome,5511900000002,,',
      '"Multi',
      'linha",Música,Spotify,,,',
      'Telefone Ruim,Jogos,Xbox,12345,,',
      '',
      'Telegram Ruim,Jogos,PS,,telegram:errado,',
    ].join('\n');
    const { rows, errors } = parseSupplierCsv(csv);
    expect(rows.map((row) => row.name)).toEqual(['Bom Exemplo']);
    expect(errors).toEqual([
      { line: 3, message: '"nome" is empty' },
      { line: 4, message: 'needs a "whatsapp" or a "telegram" contact' },
      { line: 6, message: expect.stringContaining('whatsapp "12345" must have 10 to 13 digits') },
      { line: 8, message: expect.stringContaining('telegram "telegram:errado"') },
    ]);
  });

  it('rejects a row with more fields than the header (an unquoted delimiter)', () => {
    const { errors } = parseSupplierCsv(`${HEADER}\nExemplo,Streaming,Netflix, Disney,5511900000001,,\n`);
    expect(errors).toEqual([{ line: 2, message: expect.stringContaining('has 7 fields but the header has 6') }]);
  });

  it('rejects unknown or missing columns, an empty file, an unclosed quote and over-long values', () => {
    expect(parseSupplierCsv('nome,categoria,telefone\n').errors).toEqual([
      { line: 1, message: expect.stringContaining('unknown column "telefone"') },
      { line: 1, message: 'the header needs a "whatsapp" or a "telegram" column' },
    ]);
    expect(parseSupplierCsv('nome,whatsapp\nA,5511900000001\n').errors).toEqual([
      { line: 1, message: 'the header has no "categoria" column' },
    ]);
    expect(parseSupplierCsv('').errors).toEqual([{ line: 1, message: expect.stringContaining('the file is empty') }]);
    expect(parseSupplierCsv(`${HEADER}\n`).errors).toEqual([{ line: 2, message: 'the file has a header but no supplier rows' }]);
    expect(parseSupplierCsv(`${HEADER}\nA,B,C,5511900000001,,ok\n"Aberto,B,C,,,\n`).errors).toEqual([
      { line: 3, message: 'a quoted field is never closed (missing ")' },
    ]);
    expect(parseSupplierCsv(`${HEADER}\n${'x'.repeat(121)},B,C,5511900000001,,\n`).errors).toEqual([
      { line: 2, message: '"nome" is longer than 120 characters' },
    ]);
  });

  it('accepts the sample file shipped for sellers', () => {
    const sample = fs.readFileSync(path.resolve(import.meta.dirname, '../../../samples/fornecedores-exemplo.csv'), 'utf8');
    const { rows, errors } = parseSupplierCsv(sample);
    expect(errors).toEqual([]);
    expect(rows.length).toBeGreaterThanOrEqual(10);
    expect(rows.every((row) => row.name.includes('Exemplo'))).toBe(true);
    expect(new Set(rows.map((row) => row.category))).toEqual(new Set(['Streaming', 'Música', 'Jogos', 'IPTV', 'Recargas']));
  });
});

describe('normalizeWhatsapp', () => {
  it.each([
    ['5511987654321', '5511987654321'],
    ['11987654321', '5511987654321'],
    ['(11) 98765-4321', '5511987654321'],
    ['+55 21 3333-4444', '552133334444'],
    ['2133334444', '552133334444'],
  ])('%s → %s', (raw, expected) => {
    expect(normalizeWhatsapp(raw)).toEqual({ value: expected });
  });

  it.each(['987654321', '12345678901234', '4411987654321', '01198765432', 'abc11987654321', '55 01 98765-4321'])('rejects %s', (raw) => {
    expect(normalizeWhatsapp(raw)).toHaveProperty('error');
  });
});

describe('normalizeTelegram', () => {
  it.each([
    ['@fornecedor_1', 'https://t.me/fornecedor_1'],
    ['https://t.me/fornecedor_1', 'https://t.me/fornecedor_1'],
    ['t.me/+AbCdEf123', 'https://t.me/+AbCdEf123'],
    ['http://telegram.me/joinchat/AbC-12', 'https://t.me/joinchat/AbC-12'],
  ])('%s → %s', (raw, expected) => {
    expect(normalizeTelegram(raw)).toEqual({ value: expected });
  });

  it.each(['fornecedor', '@ab', '@1abc', 'https://example.com/fornecedor', 'https://t.me/', 'javascript:alert(1)'])('rejects %s', (raw) => {
    expect(normalizeTelegram(raw)).toHaveProperty('error');
  });
});

describe('parseSupplierCsv on a hostile file', () => {
  /** Best of three runs, so a pause of the machine does not decide. */
  const cost = (text: string) => {
    let best = Infinity;
    for (let run = 0; run < 3; run++) {
      const started = performance.now();
      parseSupplierCsv(text);
      best = Math.min(best, performance.now() - started);
    }
    return best;
  };

  it.each([
    ['spaces, a letter, then quotes', (n: number) => `nome,categoria,whatsapp\n${' '.repeat(n / 2)}x${'"'.repeat(n / 2)}`],
    ['one long quoted field', (n: number) => `nome,categoria,whatsapp\n"${'a'.repeat(n)}",b,11987654321`],
    ['only delimiters', (n: number) => `nome,categoria,whatsapp\n${','.repeat(n)}`],
    ['a long telegram value', (n: number) => `nome,categoria,telegram\na,b,https://t.me/${'a'.repeat(n)}/`],
  ])('costs time in proportion to its size: %s', (_name, make) => {
    const small = cost(make(1024));
    const large = cost(make(256 * 1024));
    // 256 × the input may cost at most ~2,000 × the time on a loaded machine (quadratic would be 65,536 ×).
    expect(large / Math.max(small, 0.05)).toBeLessThan(2_000);
  });
});
