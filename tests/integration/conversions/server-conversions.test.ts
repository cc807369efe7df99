import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { orderRow, outboxRows } from '../../support/db-reads.ts';
import { useHttpReceiver } from '../../support/http-receiver.ts';
import { sandboxSays } from '../../support/purchase.ts';
import { databases } from '../test-db.ts';
import { useTestServer } from '../../support/test-server.ts';

/**
 * Server-side conversions end to end: the real server on a real database, checkouts through its
 * API, payments through the sandbox gateway, and stand-ins for Meta's Graph API and GA4's
 * Measurement Protocol on loopback. Only buyers who accepted tracking are reported.
 */
const PIXEL_ID = '1234567890';
const CAPI_TOKEN = 'EAAGtestConversionsApiToken0123456789';
const GA_ID = 'G-TEST12345';
const GA_SECRET = 'mp_secret_0123';
const USER_AGENT = 'Mozilla/5.0 (Linux; Android 14) Teste/1.0';
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

interface MetaBody {
  data: Array<{
    event_name: string;
    event_id: string;
    event_time: number;
    action_source: string;
    event_source_url: string;
    user_data: Record<string, unknown>;
    custom_data: Record<string, unknown>;
  }>;
}
interface GaBody {
  client_id: string;
  events: Array<{ name: string; params: { transaction_id: string; value: number; currency: string } }>;
}

for (const database of databases) {
  describe(`server-side conversions on ${database.name}`, () => {
    let buyers = 0;
    const meta = useHttpReceiver();
    const ga = useHttpReceiver();
    beforeEach(() => {
      for (const receiver of [meta, ga]) {
        receiver.requests.length = 0;
        receiver.respond = () => 200;
      }
    });
    const running = useTestServer(
      database,
      () => ({
        META_PIXEL_ID: PIXEL_ID,
        META_CAPI_TOKEN: CAPI_TOKEN,
        META_CAPI_URL: meta.url,
        GA_ID,
        GA_API_SECRET: GA_SECRET,
        GA_MP_URL: ga.url,
        // The buyer's address comes from our (one) proxy's X-Forwarded-For, as in production.
        TRUST_PROXY_HOPS: '1',
      }),
      { each: true, clock: 'now' },
    );

    /**
     * A buyer checks out from a browser of ours behind the proxy (its User-Agent and address are
     * what the conversions report), pays in the sandbox, and the outbox runs once.
     */
    async function buy(tracking: unknown): Promise<{ orderId: string; publicRef: string; email: string; phone: string }> {
      const { server, db } = running;
      buyers += 1;
      const email = `Joana.Lima${buyers}@Example.com`;
      const phone = `(11) 98765-${String(buyers).padStart(4, '0')}`;
      const response = await fetch(`${server.url}/api/orders`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'User-Agent': USER_AGENT, 'X-Forwarded-For': `203.0.113.${buyers}` },
        body: JSON.stringify({ name: 'Joana Lima', email, phone, checkoutKey: `conversion-key-${buyers}-${Date.now()}`, tracking }),
      });
      expect(response.status).toBe(201);
      const created = (await response.json()) as { orderId: string; publicRef: string };
      await sandboxSays(server, db, created.orderId, 'paid');
      await server.outbox.runOnce();
      return { ...created, email, phone };
    }

    const granted = {
      consent: 'granted',
      fbp: 'fb.1.1700000000000.1234567890',
      fbc: 'fb.1.1700000000123.IwAR2xYz',
      ga: 'GA1.1.987654321.1700000000',
    };

    it('sends one Purchase to Meta, hashed and deduplicable with the Pixel, and one purchase to GA4', async () => {
      const { db, server, clock } = running;
      const { orderId, publicRef, email, phone } = await buy(granted);

      expect(meta.requests).toHaveLength(1);
      const [call] = meta.requests;
      const url = new URL(call!.url, meta.url);
      expect(url.pathname).toBe(`/v23.0/${PIXEL_ID}/events`);
      expect(url.searchParams.get('access_token')).toBe(CAPI_TOKEN);
      const body = JSON.parse(call!.body) as MetaBody;
      expect(body.data).toHaveLength(1);
      const event = body.data[0]!;
      expect(event).toMatchObject({
        event_name: 'Purchase',
        event_id: publicRef,
        action_source: 'website',
        event_source_url: `${server.url.replace('127.0.0.1', 'localhost')}/`,
      });
      // Meta's normalisation: trimmed lower-case e-mail; phone digits with the country code; then SHA-256.
      expect(event.user_data).toEqual({
        em: [sha256(email.toLowerCase())],
        ph: [sha256(`55${phone.replace(/\D/g, '')}`)],
        fbp: granted.fbp,
        fbc: granted.fbc,
        client_ip_address: `203.0.113.${buyers}`,
        client_user_agent: USER_AGENT,
      });
      expect(JSON.stringify(body)).not.toContain(email.toLowerCase());
      expect(event.custom_data).toMatchObject({ currency: 'BRL', value: 19.9 });
      expect(Math.abs(event.event_time - Math.floor(clock.now / 1000))).toBeLessThanOrEqual(1);

      expect(ga.requests).toHaveLength(1);
      const gaUrl = new URL(ga.requests[0]!.url, ga.url);
      expect(gaUrl.pathname).toBe('/mp/collect');
      expect(Object.fromEntries(gaUrl.searchParams)).toEqual({ measurement_id: GA_ID, api_secret: GA_SECRET });
      const gaBody = JSON.parse(ga.requests[0]!.body) as GaBody;
      expect(gaBody.client_id).toBe('987654321.1700000000');
      expect(gaBody.events).toEqual([
        expect.objectContaining({
          name: 'purchase',
          params: expect.objectContaining({ transaction_id: publicRef, value: 19.9, currency: 'BRL' }),
        }),
      ]);

      // Nothing more on later runs; the secrets never reach the log.
      clock.now += 60 * 60_000;
      await server.outbox.runOnce();
      expect(meta.requests).toHaveLength(1);
      expect(ga.requests).toHaveLength(1);
      const log = server.logLines.map((entry) => entry.line).join('\n');
      expect(log).toContain('Meta conversion sent');
      expect(log).not.toContain(CAPI_TOKEN);
      expect(log).not.toContain(GA_SECRET);
      const stored = await orderRow(db, orderId);
      expect(stored).toMatchObject({
        tracking_consent: 'granted',
        fbp: granted.fbp,
        ga_client_id: '987654321.1700000000',
        client_user_agent: USER_AGENT,
      });
    });

    it('retries a refused Purchase and still sends it once', async () => {
      const { server, clock } = running;
      let refusals = 0;
      meta.respond = () => (refusals++ === 0 ? 500 : 200);
      const { publicRef } = await buy(granted);
      expect(meta.requests.map((request) => request.status)).toEqual([500]);
      clock.now += 30_000;
      await server.outbox.runOnce();
      clock.now += 10 * 60_000;
      await server.outbox.runOnce();
      expect(meta.requests.map((request) => request.status)).toEqual([500, 200]);
      expect(meta.requests.map((request) => (JSON.parse(request.body) as MetaBody).data[0]!.event_id)).toEqual([publicRef, publicRef]);
    });

    it('sends nothing and stores no identifier when tracking was refused or not answered', async () => {
      const { db, server, clock } = running;
      const refused = await buy({ ...granted, consent: 'denied' });
      const unanswered = await buy({ fbp: granted.fbp, ga: granted.ga });
      clock.now += 24 * 60 * 60_000;
      await server.outbox.runOnce();
      expect(meta.requests).toEqual([]);
      expect(ga.requests).toEqual([]);
      for (const [{ orderId }, consent] of [
        [refused, 'denied'],
        [unanswered, 'unset'],
      ] as const) {
        const order = await orderRow(db, orderId);
        expect(order).toMatchObject({
          status: 'paid',
          tracking_consent: consent,
          fbp: null,
          fbc: null,
          ga_client_id: null,
          client_ip: null,
          client_user_agent: null,
        });
        const kinds = await outboxRows(db, orderId);
        expect(kinds.map((row) => row.kind).filter((kind) => kind.startsWith('conversion:'))).toEqual([]);
      }
    });

    it('reports to Meta without a _ga cookie, building fbc from the ad click, and skips GA4 (nobody to credit)', async () => {
      const { db, server } = running;
      const response = await fetch(`${server.url}/api/orders`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.7' },
        body: JSON.stringify({
          name: 'Rui Souza',
          email: 'rui@example.com',
          phone: '21987654321',
          checkoutKey: `conversion-nofbc-${Date.now()}`,
          tracking: { consent: 'granted' },
          attribution: { fbclid: 'IwAR0clickid', utm_source: 'fb' },
        }),
      });
      const { orderId } = (await response.json()) as { orderId: string };
      await sandboxSays(server, db, orderId, 'paid');
      await server.outbox.runOnce();
      const order = await orderRow(db, orderId);
      expect(ga.requests).toEqual([]);
      expect(meta.requests).toHaveLength(1);
      const userData = (JSON.parse(meta.requests[0]!.body) as MetaBody).data[0]!.user_data;
      expect(userData.fbc).toBe(`fb.1.${Number(order.created_at)}.IwAR0clickid`);
      expect(userData.client_ip_address).toBe('198.51.100.7');
      expect(userData).not.toHaveProperty('fbp');
    });
  });
}
