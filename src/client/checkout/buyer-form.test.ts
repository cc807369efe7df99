import { describe, expect, it } from 'vitest';
import { checkBuyer } from './buyer-checks.ts';
import { emptyBuyer } from './buyer-values.ts';

const buyer = { name: 'Maria Souza', email: 'maria@example.com', phone: '(11) 98765-4321', document: '' };

describe('the buyer form checks with the API schema and its Portuguese messages', () => {
  it('finds nothing wrong with a complete form, and no document is asked unless needed', () => {
    expect(checkBuyer(buyer, false)).toEqual({});
    expect(checkBuyer({ ...buyer, document: 'not a CPF' }, false)).toEqual({});
  });

  it('names each field with the message POST /api/orders would send', () => {
    expect(checkBuyer(emptyBuyer, false)).toEqual({
      name: 'Informe seu nome completo.',
      email: 'Informe um e-mail válido.',
      phone: 'Telefone inválido',
    });
    expect(checkBuyer({ ...buyer, phone: '1234-567' }, false)).toEqual({ phone: 'Telefone inválido' });
    expect(checkBuyer({ ...buyer, email: 'maria@example' }, false)).toEqual({ email: 'Informe um e-mail válido.' });
    expect(checkBuyer({ ...buyer, document: '529.982.247-24' }, true)).toEqual({ document: 'CPF inválido' });
    expect(checkBuyer({ ...buyer, document: '529.982.247-25' }, true)).toEqual({});
  });
});
