import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.monthlyCapacity).toBe(100);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.database).toEqual({ kind: 'sqlite', file: path.resolve('./data/vitrine.sqlite') });
  });

  it('names each bad variable on its own line', () => {
    expect(problemsOf({ PORT: 'abc' })).toEqual(['PORT must be a whole number from 0 to 65535 (got "abc")']);
    expect(problemsOf({ PORT: '70000' })).toEqual(['PORT must be a whole number from 0 to 65535 (got "70000")']);
    expect(problemsOf({ MONTHLY_CAPACITY: '-1' })).toEqual([
      'MONTHLY_CAPACITY must be a whole number from 0 to 1000000 (got "-1")',
    ]);
    const both = problemsOf({ PORT: 'x', DATABASE_URL: 'mongodb://db' });
    expect(both).toHaveLength(2);
    expect(both[1]).toMatch(/^DATABASE_URL must be postgres:\/\//);
  });

  it('accepts Postgres and SQLite URLs and never echoes a password', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/test' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u:p@127.0.0.1:5432/test',
    });
    expect(loadConfig({ DATABASE_URL: 'sqlite:/tmp/x.sqlite' }).database).toEqual({ kind: 'sqlite', file: '/tmp/x.sqlite' });
    const [problem] = problemsOf({ DATABASE_URL: 'postgres://user:secret@/' });
    expect(problem).toContain('DATABASE_URL');
    expect(problem).not.toContain('secret');
  });

  it('requires PUBLIC_URL to be an http(s) URL and trims its trailing slash', () => {
    expect(problemsOf({ PUBLIC_URL: 'loja.com.br' })).toEqual(['PUBLIC_URL must be an http(s) URL (got "loja.com.br")']);
    expect(loadConfig({ PUBLIC_URL: 'https://loja.com.br/' }).publicUrl).toBe('https://loja.com.br');
  });
});

describe('loadConfig: storefront links and seller identity', () => {
  it('defaults to visible placeholders', () => {
    const { storefront } = loadConfig({});
    expect(storefront.whatsappGroupUrl).toBe('https://chat.whatsapp.com/SEU-GRUPO');
    expect(storefront.supportWhatsapp).toBeUndefined();
    expect(storefront.seller).toEqual({ name: 'Nome do vendedor', document: '00.000.000/0000-00', address: 'Endereço do vendedor' });
  });

  it('formats a valid CPF or CNPJ and normalises the support WhatsApp', () => {
    const { storefront } = loadConfig({
      WHATSAPP_GROUP_URL: 'https://chat.whatsapp.com/AbCdEf',
      SUPPORT_WHATSAPP: '(11) 98765-4321',
      SELLER_NAME: 'Loja Exemplo Ltda',
      SELLER_DOCUMENT: '11222333000181',
      SELLER_ADDRESS: 'Rua Exemplo, 100, São Paulo - SP',
    });
    expect(storefront).toEqual({
      whatsappGroupUrl: 'https://chat.whatsapp.com/AbCdEf',
      supportWhatsapp: '5511987654321',
      seller: { name: 'Loja Exemplo Ltda', document: '11.222.333/0001-81', address: 'Rua Exemplo, 100, São Paulo - SP' },
    });
    expect(loadConfig({ SELLER_DOCUMENT: '529.982.247-25' }).storefront.seller.document).toBe('529.982.247-25');
  });

  it('names each bad variable on its own line', () => {
    expect(
      problemsOf({ WHATSAPP_GROUP_URL: 'chat.whatsapp.com/x', SUPPORT_WHATSAPP: '123', SELLER_DOCUMENT: '11222333000180' }),
    ).toEqual([
      'WHATSAPP_GROUP_URL must be an http(s) URL (got "chat.whatsapp.com/x")',
      'SUPPORT_WHATSAPP must be a phone number with area code, e.g. 5511987654321 (got "123")',
      'SELLER_DOCUMENT must be a valid CPF (11 digits) or CNPJ (14 digits) (got "11222333000180")',
    ]);
    expect(problemsOf({ SELLER_DOCUMENT: '111.111.111-11' })).toHaveLength(1);
  });
});
