import { describe, expect, it } from 'vitest';
import { buildPixBrCode, crc16, formatEmvAmount, parseEmvFields, parsePixBrCode } from './br-code.ts';

const input = {
  key: '4f2a9c1e-7b3d-4e8a-9f60-5c1d2b3a4e5f',
  amountCents: 1990,
  merchantName: 'Vitrine Sandbox',
  merchantCity: 'São Paulo',
  txid: 'abc123defg',
};

describe('crc16 (CCITT-FALSE)', () => {
  it('matches the standard check value', () => {
    expect(crc16('123456789')).toBe('29B1');
  });

  it('matches a published BR Code (Banco Central example, static key)', () => {
    // From the BCB's "Manual de Padrões para Iniciação do Pix", annex example without amount.
    const example =
      '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';
    expect(crc16(example.slice(0, -4))).toBe('1D3D');
    expect(parsePixBrCode(example)).toEqual({
      key: '123e4567-e12b-12d1-a456-426655440000',
      amountCents: null,
      merchantName: 'Fulano de Tal',
      merchantCity: 'BRASILIA',
      txid: '***',
    });
  });
});

describe('buildPixBrCode', () => {
  it('builds the EMV fields in order, ending with its own CRC', () => {
    const code = buildPixBrCode(input);
    expect(code.startsWith('000201')).toBe(true);
    expect(code.slice(-8, -4)).toBe('6304');
    expect(code.slice(-4)).toBe(crc16(code.slice(0, -4)));
    expect(code.slice(-4)).toMatch(/^[0-9A-F]{4}$/);
    const fields = parseEmvFields(code);
    expect([...fields!.keys()]).toEqual(['00', '26', '52', '53', '54', '58', '59', '60', '62', '63']);
    expect(fields!.get('26')).toBe(`0014br.gov.bcb.pix0136${input.key}`);
    expect(fields!.get('52')).toBe('0000');
    expect(fields!.get('53')).toBe('986');
    expect(fields!.get('54')).toBe('19.90');
    expect(fields!.get('58')).toBe('BR');
    expect(fields!.get('59')).toBe('VITRINE SANDBOX');
    expect(fields!.get('60')).toBe('SAO PAULO');
    expect(fields!.get('62')).toBe('0510abc123defg');
  });

  it('parses back to what went in', () => {
    expect(parsePixBrCode(buildPixBrCode(input))).toEqual({
      key: input.key,
      amountCents: 1990,
      merchantName: 'VITRINE SANDBOX',
      merchantCity: 'SAO PAULO',
      txid: 'abc123defg',
    });
  });

  it('cuts the name to 25 and the city to 15 characters, and cleans the txid', () => {
    const code = buildPixBrCode({
      ...input,
      merchantName: 'Lista de Fornecedores Secretos Vitalícia',
      merchantCity: 'São José dos Campos',
      txid: 'a-b_c',
    });
    const parsed = parsePixBrCode(code)!;
    expect(parsed.merchantName).toBe('LISTA DE FORNECEDORES SEC');
    expect(parsed.merchantCity).toBe('SAO JOSE DOS CA');
    expect(parsed.txid).toBe('abc');
  });

  it('formats amounts with a dot and two decimals', () => {
    expect(formatEmvAmount(1990)).toBe('19.90');
    expect(formatEmvAmount(500)).toBe('5.00');
    expect(formatEmvAmount(7)).toBe('0.07');
    expect(formatEmvAmount(123456)).toBe('1234.56');
    expect(() => formatEmvAmount(0)).toThrow(RangeError);
    expect(() => formatEmvAmount(19.9)).toThrow(RangeError);
  });
});

describe('parsePixBrCode', () => {
  it('rejects a code whose CRC or content was altered', () => {
    const code = buildPixBrCode(input);
    const wrongCrc = `${code.slice(0, -4)}${code.slice(-4) === '0000' ? '0001' : '0000'}`;
    expect(parsePixBrCode(wrongCrc)).toBeNull();
    const tampered = code.replace('19.90', '10.90');
    expect(parsePixBrCode(tampered)).toBeNull();
    expect(parsePixBrCode(code.slice(0, -1))).toBeNull();
    expect(parsePixBrCode('https://example.com')).toBeNull();
    expect(parsePixBrCode('')).toBeNull();
  });

  it('rejects a well-formed EMV code that is not PIX', () => {
    const payload = '000201' + '26150011com.example' + '52040000' + '5303986' + '5802BR' + '5901X' + '6001Y' + '6304';
    expect(parsePixBrCode(payload + crc16(payload))).toBeNull();
  });
});
