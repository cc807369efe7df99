import { describe, expect, it } from 'vitest';
import { affiliateFormMessages } from '../content/affiliates.ts';
import { cleanAffiliateCode } from './affiliate-code.ts';
import { affiliateFormSchema, commissionCents, parsePixKey } from './affiliates.ts';

describe("an affiliate's PIX key", () => {
  it('is read in its canonical form, whatever mask it was typed with', () => {
    expect(parsePixKey('529.982.247-25')).toEqual({ type: 'cpf', value: '52998224725' });
    expect(parsePixKey('11.222.333/0001-81')).toEqual({ type: 'cnpj', value: '11222333000181' });
    expect(parsePixKey(' Ana@Example.COM ')).toEqual({ type: 'email', value: 'ana@example.com' });
    expect(parsePixKey('(11) 98765-4321')).toEqual({ type: 'phone', value: '+5511987654321' });
    expect(parsePixKey('71C7D9BE-4B85-4E43-9F1C-1F3B8B4E9A2D')).toEqual({ type: 'evp', value: '71c7d9be-4b85-4e43-9f1c-1f3b8b4e9a2d' });
  });

  it('is refused with a CPF or CNPJ whose check digits are wrong, a landline or a malformed value', () => {
    for (const key of ['529.982.247-24', '11.222.333/0001-80', '(11) 3456-7890', 'ana@', 'chave qualquer', '']) {
      expect(parsePixKey(key), key).toBeNull();
    }
  });
});

describe('the affiliate form', () => {
  const schema = affiliateFormSchema(affiliateFormMessages);
  const valid = {
    name: 'Ana Lima',
    email: 'Ana@Example.com',
    document: '529.982.247-25',
    pixKey: '(11) 98765-4321',
    promotes: 'Grupo de WhatsApp',
  };

  it('keeps the details written one way', () => {
    expect(schema.parse(valid)).toEqual({
      name: 'Ana Lima',
      email: 'ana@example.com',
      document: '52998224725',
      pixKey: { type: 'phone', value: '+5511987654321' },
      promotes: 'Grupo de WhatsApp',
    });
  });

  it('says in Portuguese which field is wrong', () => {
    const result = schema.safeParse({ ...valid, document: '111.111.111-11', pixKey: '123' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['document', affiliateFormMessages.documentInvalid],
      ['pixKey', affiliateFormMessages.pixKeyInvalid],
    ]);
  });
});

describe('a commission', () => {
  it('is the rate of what was kept, rounded down to the centavo, never below zero', () => {
    expect(commissionCents(1990, 5000)).toBe(995);
    expect(commissionCents(990, 3333)).toBe(329);
    expect(commissionCents(-10, 5000)).toBe(0);
  });
});

describe("the link's code", () => {
  it('is read whatever its case, and a mangled one attributes nothing', () => {
    expect(cleanAffiliateCode(' AB12cd34 ')).toBe('ab12cd34');
    for (const code of ['ab', 'a'.repeat(17), 'ab cd', 'ab-cd', 42, null]) expect(cleanAffiliateCode(code)).toBeNull();
  });
});
