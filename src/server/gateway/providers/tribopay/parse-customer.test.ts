import { describe, expect, it } from 'vitest';
import { readCustomer } from './parse-customer.ts';
import { parseTransactionRecord } from './parse-transaction.ts';

describe('readCustomer', () => {
  it('reads the customer TriboPay repeats in a read-back, values trimmed as written', () => {
    const record = parseTransactionRecord(
      {
        hash: 'tx1',
        payment_status: 'paid',
        customer: { id: 7, name: 'Ana', email: ' Ana@Example.com ', phone_number: '11987654321', document: null, country: 'br' },
      },
      'tx1',
    );
    expect(record?.customer).toEqual({ email: 'Ana@Example.com', phone: '11987654321', document: null });
  });

  it('reads a customer nested in a v2 postback and a document given as an object', () => {
    expect(
      readCustomer({ transaction: { id: 'tx2', customer: { email: 'b@example.com', document: { number: '529.982.247-25' } } } }),
    ).toEqual({
      email: 'b@example.com',
      phone: null,
      document: '529.982.247-25',
    });
  });

  it('names no customer when the reply has none, or one without a single identifier', () => {
    expect(readCustomer({ hash: 'tx3' })).toBeUndefined();
    expect(readCustomer({ customer: 'ana@example.com' })).toBeUndefined();
    expect(readCustomer({ customer: { name: 'Ana', email: '  ', phone_number: null } })).toBeUndefined();
    expect(parseTransactionRecord({ hash: 'tx3', payment_status: 'paid' }, 'tx3')).not.toHaveProperty('customer.email');
  });
});
