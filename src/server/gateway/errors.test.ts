import { describe, expect, it } from 'vitest';
import { GatewayError, gatewayErrorMessage, gatewayMessages, refundErrorDetail } from './errors.ts';

describe('gatewayErrorMessage', () => {
  it('flattens a Laravel 422 envelope into every distinct message', () => {
    const body = {
      success: false,
      message: 'api_token é obrigatório (e mais 2 erros)',
      errors: {
        api_token: ['api_token é obrigatório'],
        installments: ['installments é obrigatório', 'api_token é obrigatório'],
        amount: ['amount é obrigatório'],
      },
      status: 422,
    };
    expect(gatewayErrorMessage(body)).toBe('api_token é obrigatório; installments é obrigatório; amount é obrigatório');
  });

  it('flattens Pepper-style error arrays (strings or objects)', () => {
    expect(gatewayErrorMessage({ message: 'Erro', errors: ['CPF inválido', 'E-mail inválido'] })).toBe('CPF inválido; E-mail inválido');
    expect(gatewayErrorMessage({ errors: [{ message: 'Oferta inativa' }] })).toBe('Oferta inativa');
  });

  it('uses message when there are no errors', () => {
    expect(gatewayErrorMessage({ message: 'O valor da compra precisa ser no minimo 5 reais' })).toBe(
      'O valor da compra precisa ser no minimo 5 reais',
    );
    expect(gatewayErrorMessage({ message: 'x', errors: {} })).toBe('x');
    expect(gatewayErrorMessage({ message: 'x', errors: null })).toBe('x');
  });

  it('returns null when the body explains nothing', () => {
    expect(gatewayErrorMessage(undefined)).toBeNull();
    expect(gatewayErrorMessage('')).toBeNull();
    expect(gatewayErrorMessage({})).toBeNull();
    expect(gatewayErrorMessage({ message: '   ' })).toBeNull();
    expect(gatewayErrorMessage([{ message: 'x' }])).toBeNull();
  });

  it('cuts a runaway message short', () => {
    expect(gatewayErrorMessage({ message: 'x'.repeat(5000) })?.length).toBe(500);
  });
});

describe('gatewayMessages', () => {
  it('are the docs/product.md#error-messages-shown-to-buyers catalogue', () => {
    expect(gatewayMessages.productsHttp(500, 'Falhou')).toBe('Erro ao buscar produtos: 500 - Falhou');
    expect(gatewayMessages.productsHttp(401, null)).toBe('Erro ao buscar produtos: 401 - Erro desconhecido');
    expect(gatewayMessages.productNotFound('abc')).toBe('Produto com hash abc não encontrado');
    expect(gatewayMessages.noOffers).toBe('Produto não possui ofertas disponíveis');
    expect(gatewayMessages.productLoad).toBe('Erro ao carregar produto');
    expect(gatewayMessages.paymentHttp(502)).toBe('Erro ao processar pagamento: 502');
    expect(gatewayMessages.payment).toBe('Erro ao processar pagamento');
  });

  it('GatewayError carries kind, status and uncertainty', () => {
    const error = new GatewayError('m', 'charge', 504, true);
    expect(error).toBeInstanceOf(Error);
    expect([error.message, error.kind, error.httpStatus, error.uncertain, error.name]).toEqual(['m', 'charge', 504, true, 'GatewayError']);
    expect(new GatewayError('m', 'products').uncertain).toBe(false);
  });
});

describe('refundErrorDetail', () => {
  it("keeps the gateway's message without its final period", () => {
    expect(refundErrorDetail({ message: 'Transaction already refunded.' })).toBe('Transaction already refunded');
    expect(refundErrorDetail({ errors: { hash: ['Saldo insuficiente para o reembolso'] } })).toBe('Saldo insuficiente para o reembolso');
  });

  it('drops control and invisible characters and markup, and cuts at 200 characters', () => {
    expect(refundErrorDetail({ message: 'Recusado\u0000\u001b[31m <b>agora</b>\u202e\r\n<script>alert(1)</script>' })).toBe(
      'Recusado [31m agora alert(1)',
    );
    const long = refundErrorDetail({ message: 'x'.repeat(600) })!;
    expect(long).toHaveLength(200);
    expect(long.endsWith('…')).toBe(true);
  });

  it('is null when the body names no message, or only markup', () => {
    expect(refundErrorDetail(undefined)).toBeNull();
    expect(refundErrorDetail('<html>502 Bad Gateway</html>')).toBeNull();
    expect(refundErrorDetail({ message: '<br/> . ' })).toBeNull();
  });
});
