import { describe, expect, it } from 'vitest';
import { maskPersonalData } from './log-mask.ts';

describe('maskPersonalData', () => {
  it.each([
    ['customer maria.silva@example.com rejected', 'customer m***@example.com rejected'],
    // An SMTP reply quoting recipients (stored as an outbox row's last_error).
    ['550 5.1.1 <maria.silva@example.com>: unknown; cc joao@example.org.', '550 5.1.1 <m***@example.com>: unknown; cc j***@example.org.'],
    ['document 529.982.247-25 invalid', 'document [cpf] invalid'],
    ['{"document":"52998224725"}', '{"document":"[cpf]"}'],
    ['cnpj 11.222.333/0001-81', 'cnpj [cnpj]'],
    ['cnpj 11222333000181', 'cnpj [cnpj]'],
    ['cnpj 12.ABC.345/01DE-35', 'cnpj [cnpj]'],
    ['phone (11) 98765-4321', 'phone [telefone]'],
    // 11 bare digits may be a mobile or a CPF: masked either way.
    ['phone 21987654321 and +55 11 98765 4321', 'phone [cpf] and [telefone]'],
  ])('%j → %j', (input, expected) => {
    expect(maskPersonalData(input)).toBe(expected);
  });

  it('leaves ids, amounts, times and ordinary words alone', () => {
    const line = '2026-11-22T18:50:02.850Z INFO Order paid order=ord_abc123 amount=1990 transaction=AB12CD34EF status=PAID took=1200ms';
    expect(maskPersonalData(line)).toBe(line);
  });
});
