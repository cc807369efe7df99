import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { OrderRow } from '../orders/orders-repository.ts';
import { gaClientIdFromCookie } from '../checkout/tracking-store.ts';
import { ga4CollectUrl, ga4PurchaseBody } from './ga4-measurement.ts';
import { normalizeEmail } from '../../shared/text.ts';
import { fbcFor, metaEventsUrl, metaPurchaseBody, normalizePhoneForMeta } from './meta-conversions.ts';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

const order = {
  id: 'ord_1',
  public_ref: 'ref_abc',
  buyer_email: ' Maria@Example.COM ',
  buyer_phone: '11987654321',
  amount_cents: 1990,
  product_hash: 'prd_1',
  created_at: 1_700_000_000_000,
  paid_at: 1_700_000_060_000,
  fbp: 'fb.1.1700000000000.123',
  fbc: null,
  fbclid: 'IwAR0',
  client_ip: '203.0.113.9',
  client_user_agent: 'Mozilla/5.0',
} as unknown as OrderRow;

describe('Meta Conversions API shapes', () => {
  it('normalises e-mail and phone as Meta documents before hashing', () => {
    expect(normalizeEmail(' Maria@Example.COM ')).toBe('maria@example.com');
    expect(normalizePhoneForMeta('(11) 98765-4321')).toBe('5511987654321');
    expect(normalizePhoneForMeta('1134567890')).toBe('551134567890');
    expect(normalizePhoneForMeta('5511987654321')).toBe('5511987654321');
  });

  it('builds one Purchase with the public reference as event_id, hashed contact data and the click', () => {
    const [event] = metaPurchaseBody(order, 'https://loja.example/').data as Array<Record<string, unknown>>;
    expect(event).toEqual({
      event_name: 'Purchase',
      event_time: 1_700_000_060,
      event_id: 'ref_abc',
      action_source: 'website',
      event_source_url: 'https://loja.example/',
      user_data: {
        em: [sha256('maria@example.com')],
        ph: [sha256('5511987654321')],
        fbp: 'fb.1.1700000000000.123',
        fbc: 'fb.1.1700000000000.IwAR0',
        client_ip_address: '203.0.113.9',
        client_user_agent: 'Mozilla/5.0',
      },
      custom_data: { currency: 'BRL', value: 19.9, order_id: 'ref_abc' },
    });
  });

  it('prefers the _fbc cookie, and sends no e-mail or phone once erased', () => {
    expect(fbcFor({ ...order, fbc: 'fb.1.1.cookie' })).toBe('fb.1.1.cookie');
    expect(fbcFor({ ...order, fbclid: null })).toBeUndefined();
    const erased = metaPurchaseBody({ ...order, buyer_email: '', buyer_phone: '' }, 'https://loja.example/').data[0] as {
      user_data: object;
    };
    expect(erased.user_data).not.toHaveProperty('em');
    expect(erased.user_data).not.toHaveProperty('ph');
  });

  it("posts to the Pixel's events edge with the token", () => {
    expect(metaEventsUrl({ pixelId: '123', token: 'tok', baseUrl: 'http://127.0.0.1:9/' })).toBe(
      'http://127.0.0.1:9/v23.0/123/events?access_token=tok',
    );
  });
});

describe('GA4 Measurement Protocol shapes', () => {
  it('carries every item of an order with the bump, and its total as the value', () => {
    const items = [
      { key: 'main', title: 'Lista Vitalícia', priceCents: 1990 },
      { key: 'bump', title: 'Lista de Recarga', priceCents: 990 },
    ] as const;
    const body = ga4PurchaseBody({ ...order, amount_cents: 2980 }, '1.2', items) as { events: Array<{ params: unknown }> };
    expect(body.events[0]!.params).toEqual({
      transaction_id: 'ref_abc',
      value: 29.8,
      currency: 'BRL',
      items: [
        { item_id: 'main', item_name: 'Lista Vitalícia', price: 19.9, quantity: 1 },
        { item_id: 'bump', item_name: 'Lista de Recarga', price: 9.9, quantity: 1 },
      ],
    });
  });

  it('takes the client id from the _ga cookie', () => {
    expect(gaClientIdFromCookie('GA1.1.987654321.1700000000')).toBe('987654321.1700000000');
    expect(gaClientIdFromCookie('GA1.2.1.2')).toBe('1.2');
    expect(gaClientIdFromCookie('garbage')).toBeNull();
    expect(gaClientIdFromCookie(undefined)).toBeNull();
  });

  it('builds a purchase whose transaction_id is the public reference', () => {
    expect(ga4PurchaseBody(order, '1.2', [{ key: 'main', title: 'Lista', priceCents: 1990 }])).toEqual({
      client_id: '1.2',
      timestamp_micros: 1_700_000_060_000_000,
      events: [
        {
          name: 'purchase',
          params: {
            transaction_id: 'ref_abc',
            value: 19.9,
            currency: 'BRL',
            items: [{ item_id: 'main', item_name: 'Lista', price: 19.9, quantity: 1 }],
          },
        },
      ],
    });
    expect(ga4CollectUrl({ measurementId: 'G-1', apiSecret: 's', baseUrl: 'https://www.google-analytics.com' })).toBe(
      'https://www.google-analytics.com/mp/collect?measurement_id=G-1&api_secret=s',
    );
  });
});
