import { describe, expect, it } from 'vitest';
import { CheckoutFormSchema, fieldErrors, isValidCpf, isValidPhone } from './checkout.ts';

describe('phone rule (spec §5)', () => {
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
