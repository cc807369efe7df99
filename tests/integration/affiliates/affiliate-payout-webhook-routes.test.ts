import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliateFormMessages } from '../../../src/content/affiliates.ts';
import { registerAffiliate } from '../../../src/server/affiliates/affiliate-service.ts';
import { runPayouts } from '../../../src/server/affiliates/payouts.ts';
import type { ProviderId } from '../../../src/server/gateway/provider-registry.ts';
import { affiliateFormSchema } from '../../../src/shared/affiliates.ts';
import { uniqueCpf } from '../../support/clients.ts';
import { insertQueuedPayout } from '../../support/db-reads.ts';
import { providersEnv } from '../../support/provider-rig.ts';
import { efiBody, efiExamples } from '../../support/providers/efi/efi-event-fixtures.ts';
import { startEfiStandIn } from '../../support/providers/efi/efi-stand-in.ts';
import { exampleBody } from '../../support/providers/woovi/woovi-event-fixtures.ts';
import { startWooviStandIn, type WooviStandIn } from '../../support/providers/woovi/woovi-stand-in.ts';
import { drainOutbox } from '../../support/purchase.ts';
import { useTestServer, type TestServerParts, type TestServerRig } from '../../support/test-server.ts';
import { decodeHeader, parseMail } from '../mime.ts';
import { databases } from '../test-db.ts';

/**
 * Payout settlement webhooks posted to the shop's own routes (routes/webhooks.ts), on SQLite and PostgreSQL, with each
 * provider's real verification; affiliate-payout-webhooks.test.ts covers the same events below the route.
 * - Efí: "Pix enviado" (https://dev.efipay.com.br/docs/api-pix/webhooks, efiExamples.pix[2]) to /api/webhooks/efi/pix, as
 *   nginx passes it on after checking Efí's client certificate (`X-Client-Verified: SUCCESS` from a trusted proxy,
 *   docs/payments.md#efí; loopback here). Without that header, and with no hmac configured, it is refused.
 * - Woovi: OPENPIX:MOVEMENT_CONFIRMED (https://developers.woovi.com/docs/webhook/examples/webhook-payment-payload) to
 *   /api/webhooks/woovi, signed in `x-webhook-signature` with the stand-in's key (the server holds its public half).
 * The payout is written as an approval writes it (affiliates/payouts.ts approveBatch), without lines: its sending and its
 * settlement are what is looked at; the commissions' side is in affiliate-payout-webhooks.test.ts.
 */
const form = affiliateFormSchema(affiliateFormMessages);
const AMOUNT = 1592;
/** REAL_GATEWAY_TEST_ENV writes e-mail as files; these tests read it at their SMTP server. */
const BY_SMTP = { MAIL_TRANSPORT: 'smtp' };

interface Case {
  provider: Extract<ProviderId, 'efi' | 'woovi'>;
  path: string;
  /** The documented body naming `sendId`, settled with `endToEndId`. */
  body(sendId: string, endToEndId: string): string;
  /** The provider's proof that the body is its own. */
  proof(body: string): Record<string, string>;
  /** A body that is not the provider's: unsigned, or signed over something else. */
  forgeries(body: string): Array<Record<string, string>>;
  /** The E2E id the provider reads back for the send. */
  endToEndOf(sendId: string): string;
}

for (const database of databases) {
  describe(`Efí's "Pix enviado" posted to /api/webhooks/efi/pix, on ${database.name}`, () => {
    let efi: Awaited<ReturnType<typeof startEfiStandIn>>;
    const parts: TestServerParts = { smtp: true };
    beforeAll(async () => {
      efi = await startEfiStandIn();
      parts.efiCa = efi.ca;
    });
    afterAll(() => efi?.stop());
    const running = useTestServer(database, () => providersEnv(['efi'], efi.env(), { EFI_PIX_SEND: 'on' }, BY_SMTP), parts);
    const [, , sent] = efiExamples.pix!;
    payoutRouteTests(running, () => ({
      provider: 'efi',
      path: '/api/webhooks/efi/pix',
      body: (sendId) => efiBody(sent!, 'x', sendId),
      proof: () => ({ 'X-Client-Verified': 'SUCCESS' }),
      forgeries: (): Array<Record<string, string>> => [{}, { 'X-Client-Verified': 'FAILED:unable to verify the first certificate' }],
      endToEndOf: (sendId) => efi.standIn.envios.get(sendId)!.e2eId,
    }));
  });

  describe(`Woovi's OPENPIX:MOVEMENT_CONFIRMED posted to /api/webhooks/woovi, on ${database.name}`, () => {
    let woovi: WooviStandIn;
    beforeAll(async () => {
      woovi = await startWooviStandIn();
    });
    afterAll(() => woovi?.stop());
    const running = useTestServer(
      database,
      () =>
        providersEnv(
          ['woovi'],
          { WOOVI_APP_ID: woovi.appId, WOOVI_WEBHOOK_PUBLIC_KEY: woovi.publicKey, WOOVI_API_URL: woovi.url },
          { WOOVI_PIX_SEND: 'on' },
          BY_SMTP,
        ),
      { smtp: true },
    );
    payoutRouteTests(running, () => ({
      provider: 'woovi',
      path: '/api/webhooks/woovi',
      body: (sendId, endToEndId) => exampleBody('MOVEMENT_CONFIRMED', 'OPENPIX:MOVEMENT_CONFIRMED', { chargeId: 'x', endToEndId, sendId }),
      proof: (body) => ({ 'x-webhook-signature': woovi.sign(body) }),
      forgeries: (body): Array<Record<string, string>> => [{}, { 'x-webhook-signature': woovi.sign(`${body} `) }],
      endToEndOf: (sendId) => woovi.payments.get(sendId)!.endToEndId!,
    }));
  });
}

function payoutRouteTests(running: TestServerRig, caseOf: () => Case) {
  it('confirms the payout once, one e-mail with the E2E id; a forged one is refused (401), an unknown send ignored (200)', async () => {
    const { server, db, smtp } = running;
    const current = caseOf();
    const email = `bruna.${current.provider}.${Date.now()}@example.com`;
    const registered = await registerAffiliate(
      db.db,
      form.parse({ name: 'Bruna Teles', email, document: uniqueCpf(), pixKey: '+5511987654333', promotes: 'Instagram' }),
      'active',
      Date.now(),
    );
    if (!registered.ok) throw new Error(registered.reason);
    const at = Date.now();
    const id = `vp${at.toString(16)}${current.provider}`;
    await insertQueuedPayout(db, {
      id,
      batch_id: `vb${current.provider}`,
      affiliate_id: registered.affiliate.id,
      amount_cents: AMOUNT,
      pix_key_type: 'phone',
      pix_key: '+5511987654333',
      provider: current.provider,
      created_at: at,
    });
    const row = async () => db.db.selectFrom('affiliate_payouts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const mailsToAffiliate = () => smtp.received.filter((mail) => mail.to.includes(email));
    const post = (body: string, headers: Record<string, string>) =>
      fetch(`${server.url}${current.path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body });
    const settled = async () => {
      await server.background.idle();
      await drainOutbox(server);
    };

    await runPayouts({ ...server.orders }, () => Date.now());
    expect((await row()).state).toBe('sent');
    const endToEndId = current.endToEndOf(id);
    const body = current.body(id, endToEndId);

    // Not the provider's word: refused before anything is read, nothing moves.
    for (const headers of current.forgeries(body)) {
      const forged = await post(body, headers);
      expect(forged.status, JSON.stringify(headers)).toBe(401);
    }
    await settled();
    expect(await row()).toMatchObject({ state: 'sent', paid_at: null });
    expect(mailsToAffiliate()).toHaveLength(0);

    // A send this shop never made: 200, so the provider stops retrying, and nothing moves.
    const stranger = current.body('vpnaoexiste', endToEndId);
    expect((await post(stranger, current.proof(stranger))).status).toBe(200);
    await settled();
    expect(await row()).toMatchObject({ state: 'sent', paid_at: null });
    expect(mailsToAffiliate()).toHaveLength(0);

    // The provider's word, twice (a retry): confirmed once, as the read back says, with one e-mail.
    for (let delivery = 0; delivery < 2; delivery++) {
      expect((await post(body, current.proof(body))).status).toBe(200);
      await settled();
    }
    expect(await row()).toMatchObject({ state: 'confirmed', end_to_end_id: endToEndId });
    const mails = mailsToAffiliate();
    expect(mails).toHaveLength(1);
    const mail = parseMail(mails[0]!.raw);
    expect(decodeHeader(mail.headers.get('subject') ?? '')).toBe('Repasse de R$\u00a015,92 enviado por PIX');
    expect(mail.text).toContain(endToEndId);
  });
}
