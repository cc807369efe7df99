import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { AdminProviderHealth } from '../../../shared/admin.ts';
import { ProviderHealthList } from './provider-health.tsx';

// 14:30 in São Paulo (UTC−3), the console's time zone.
const now = Date.UTC(2026, 2, 10, 17, 30);
const MINUTE = 60_000;

const provider = (fields: Partial<AdminProviderHealth> & Pick<AdminProviderHealth, 'id' | 'name'>): AdminProviderHealth => ({
  lastSuccessAt: null,
  lastError: null,
  skippedUntil: null,
  retired: false,
  unsettledOrders: 0,
  invalidSignatures: null,
  ...fields,
});

/** Each row's visible text, tags dropped. */
function rows(providers: AdminProviderHealth[]): string[] {
  const html = renderToStaticMarkup(createElement(ProviderHealthList, { providers, now }));
  return [...html.matchAll(/<li[^>]*>(.*?)<\/li>/g)].map((match) =>
    match[1]!
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

describe('ProviderHealthList', () => {
  it('one row per provider in the given order, each with its state, last charge and last error', () => {
    expect(
      rows([
        provider({
          id: 'mercadopago',
          name: 'Mercado Pago',
          lastSuccessAt: now - 20 * MINUTE,
          lastError: { at: now - 2 * MINUTE, message: 'O Mercado Pago respondeu com erro (HTTP 503).' },
          skippedUntil: now + MINUTE,
        }),
        provider({ id: 'tribopay', name: 'TriboPay', lastSuccessAt: now - 3 * MINUTE }),
        provider({ id: 'efi', name: 'Efí', lastError: { at: now - 90 * MINUTE, message: 'A Efí não deu resposta.' } }),
        provider({ id: 'abacatepay', name: 'AbacatePay' }),
      ]),
    ).toEqual([
      'Mercado Pago Pulado até 14:31 Última cobrança criada: há 20 min Último erro há 2 min (10/03/2026, 14:28): O Mercado Pago respondeu com erro (HTTP 503). Enquanto pulado, as novas cobranças vão primeiro para o próximo provedor da lista.',
      'TriboPay OK Última cobrança criada: há 3 min',
      'Efí Com erro Última cobrança criada: nunca nesta execução Último erro há 2 h (10/03/2026, 13:00): A Efí não deu resposta.',
      'AbacatePay Sem uso ainda Última cobrança criada: nunca nesta execução',
    ]);
  });

  it('a charge created after the last error is OK again; the error stays on show', () => {
    const [row] = rows([
      provider({
        id: 'tribopay',
        name: 'TriboPay',
        lastSuccessAt: now - MINUTE,
        lastError: { at: now - 5 * MINUTE, message: 'Server Error' },
      }),
    ]);
    expect(row).toMatch(/^TriboPay OK Última cobrança criada: há 1 min Último erro há 5 min/);
  });

  it('a provider taken out of the list but still read says so, with its open orders; refused webhooks name the secret', () => {
    expect(
      rows([
        provider({
          id: 'efi',
          name: 'Efí',
          lastSuccessAt: now - MINUTE,
          invalidSignatures: { count: 3, lastAt: now - 4 * MINUTE },
        }),
        provider({ id: 'mercadopago', name: 'Mercado Pago', retired: true, unsettledOrders: 2 }),
      ]),
    ).toEqual([
      'Efí OK Última cobrança criada: há 1 min 3 avisos recusados: assinatura inválida — confira o segredo do webhook. O último há 4 min (10/03/2026, 14:26).',
      'Mercado Pago Só leitura Fora de PAYMENT_PROVIDERS, com as credenciais ainda definidas: não recebe novas cobranças; as dele continuam sendo lidas e reembolsadas. 2 pedidos com PIX em aberto ou no prazo de reembolso',
    ]);
  });

  it('says the state is this server process’s since it started', () => {
    const html = renderToStaticMarkup(createElement(ProviderHealthList, { providers: [], now }));
    expect(html).toContain('Provedores de PIX');
    expect(html).toContain('Desde o último início do servidor');
  });
});
