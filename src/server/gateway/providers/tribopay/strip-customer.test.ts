import { describe, expect, it } from 'vitest';
import { stripCustomerFields } from './strip-customer.ts';

describe('stripCustomerFields', () => {
  it('cuts the customer out of a JSON postback and keeps the payment fields', () => {
    const body = JSON.stringify({
      hash: 'AB12CD34EF',
      payment_status: 'paid',
      amount: 1990,
      customer: { name: 'Marina', email: 'marina@example.com', phone_number: '11987654321', document: '52998224725' },
      metadata: { note: 'pago por marina@example.com' },
    });
    const stored = JSON.parse(stripCustomerFields(body, 'application/json'));
    expect(stored).toEqual({
      hash: 'AB12CD34EF',
      payment_status: 'paid',
      amount: 1990,
      customer: '[removido]',
      metadata: { note: 'pago por m***@example.com' },
    });
  });

  it('cuts the customer out of a form body, and masks anything else by pattern', () => {
    const form = stripCustomerFields(
      'transaction_hash=AB12&status=paid&customer%5Bemail%5D=marina%40example.com&cpf=52998224725',
      'application/x-www-form-urlencoded',
    );
    expect(form).toBe('transaction_hash=AB12&status=paid&customer%5Bemail%5D=%5Bremovido%5D&cpf=%5Bremovido%5D');
    expect(stripCustomerFields('paid marina@example.com 529.982.247-25', 'text/plain')).toBe('paid m***@example.com [cpf]');
  });
});
