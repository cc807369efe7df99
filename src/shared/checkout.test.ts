import { describe, expect, it } from 'vitest';
import { checkoutFormMessages } from '../content/checkout.ts';
import { checkoutFormSchema, createOrderSchema, fieldErrors, isValidPhone } from './checkout.ts';
import { isValidCpfOrCnpj as isValidCpf } from './documents.ts';

const CheckoutFormSchema = checkoutFormSchema(checkoutFormMessages);

describe('phone rule (docs/product.md#the-buyer-form)', () => {
  it('counts only digits and wants 10 or 11 of them', () => {
    expect(isValidPhone('(11) 98765-4321')).toBe(true);
    expect(isValidPhone('11 3456-7890')).toBe(true);
    expect(isValidPhone('987654321')).toBe(false);
    expect(isValidPhone('+55 11 98765-4321')).toBe(false);
    expect(isValidPhone('abc')).toBe(false);
  });
});

describe('CPF check digits', () => {
  it('accepts valid numbers and refuses wrong or repeated digits', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224724')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCpf('123')).toBe(false);
  });

  it('the buyer form takes a company CNPJ too, alphanumeric included, stored without its mask', () => {
    const form = { name: 'Loja Exemplo', email: 'loja@example.com', phone: '11987654321' };
    expect(CheckoutFormSchema.parse({ ...form, document: '12.abc.345/01de-35' }).document).toBe('12ABC34501DE35');
    expect(CheckoutFormSchema.safeParse({ ...form, document: '12.ABC.345/01DE-36' }).error?.issues[0]?.message).toBe('CPF inválido');
  });
});

describe('CheckoutFormSchema', () => {
  it('normalises a good form', () => {
    expect(CheckoutFormSchema.parse({ name: ' Maria ', email: 'Maria@Example.com', phone: '(11) 98765-4321' })).toEqual({
      name: 'Maria',
      email: 'maria@example.com',
      phone: '11987654321',
    });
  });

  it('gives one Portuguese message per bad field', () => {
    const result = CheckoutFormSchema.safeParse({ name: '', email: 'nope', phone: '123' });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({
      name: 'Informe seu nome completo.',
      email: 'Informe um e-mail válido.',
      phone: 'Telefone inválido',
    });
  });
});

describe('createOrderSchema', () => {
  const CreateOrderSchema = createOrderSchema(checkoutFormMessages);
  const order = { name: 'Maria Souza', email: 'maria@example.com', phone: '11987654321', checkoutKey: 'k'.repeat(24) };
  const refusal = (body: unknown) => {
    const result = CreateOrderSchema.safeParse(body);
    expect(result.success).toBe(false);
    return fieldErrors(result.error!);
  };

  it('answers a wrong type in any field in Portuguese, never with zod’s English', () => {
    const portuguese = new Set<string>(Object.values(checkoutFormMessages));
    const wrongTypes: Array<Record<string, unknown>> = [
      { bump: 'true' },
      { bump: 1 },
      { name: 42 },
      { email: null },
      { phone: ['11987654321'] },
      { document: null },
      { checkoutKey: 5 },
      { viewKey: false },
    ];
    for (const wrong of wrongTypes) {
      const fields = refusal({ ...order, ...wrong });
      expect(Object.keys(fields), JSON.stringify(wrong)).toEqual(Object.keys(wrong));
      for (const message of Object.values(fields)) expect(portuguese, JSON.stringify(wrong)).toContain(message);
    }
    expect(refusal({ ...order, bump: 'true' })).toEqual({ bump: 'Escolha com ou sem o adicional e tente de novo.' });
    // Not even an object: the whole form.
    for (const body of [[], 'pedido', 7, null]) {
      for (const message of Object.values(refusal(body))) expect(portuguese).toContain(message);
    }
  });
});
