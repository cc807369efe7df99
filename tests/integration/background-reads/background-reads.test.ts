import { describe, expect, it } from 'vitest';
import { backgroundReadNames } from '../../../src/content/background-reads.ts';
import type { AdminHealth } from '../../../src/shared/admin.ts';
import { signInToConsole } from '../../support/clients.ts';
import { orderRow, wholeOutbox } from '../../support/db-reads.ts';
import { checkout } from '../../support/provider-rig.ts';
import { useEfiAndMercadoPagoShop } from '../../support/providers/efi-and-mercadopago.ts';
import type { ScriptedReply } from '../../support/providers/efi/efi-stand-in.ts';
import { consoleCall, drainOutbox } from '../../support/purchase.ts';
import { decodeHeader, parseMail } from '../mime.ts';
import { databases } from '../test-db.ts';

/**
 * The reconciler's charge reads fail loudly (docs/payments.md#loud): a shop at Efí and Mercado Pago, each through its
 * stand-in, the real server on SQLite and PostgreSQL. Efí's failures are scripted on `GET /v2/cob/{txid}` ("Consultar
 * cobrança", https://dev.efipay.com.br/docs/api-pix/cobrancas-imediatas) and its token call (`POST /oauth/token`, which
 * answers 401 to refused credentials, https://dev.efipay.com.br/docs/api-pix/credenciais); a 429's Retry-After is
 * RFC 9110 §10.2.3, the status RFC 6585 §4.
 */
const PASSWORD = 'senha-do-painel-leituras';
const SELLER = 'suporte-leituras@example.com';
const MINUTE = 60_000;
const credentials = { clientId: 'Client_Id_reads', clientSecret: 'Client_Secret_reads', pixKey: '5b1c3a0e-8f8d-4a8e-9a51-0c3c1e2f4b6d' };

for (const database of databases) {
  describe(`background charge reads that fail, on ${database.name}`, () => {
    const { running, stands } = useEfiAndMercadoPagoShop(database, credentials, { each: true, smtp: true });

    /** A pending order at the first of `providers`, and the console's cookie. */
    async function pendingAt(providers: string) {
      await running.restart({ PAYMENT_PROVIDERS: providers, ADMIN_PASSWORD: PASSWORD, SUPPORT_EMAIL: SELLER, MAIL_TRANSPORT: 'smtp' });
      const created = await checkout(running.server.url);
      expect(created.status).toBe(201);
      return created.body.orderId!;
    }
    const cookieOf = () => signInToConsole(running.server.url, PASSWORD);
    const health = async (cookie: string) => (await (await consoleCall(running.server.url, cookie, '/health')).json()) as AdminHealth;
    const chargeCheck = async (cookie: string) => (await health(cookie)).checks.find((check) => check.key === 'chargeReads');
    const cobReads = () => stands.efi.requests.filter((request) => request.method === 'GET' && request.path.startsWith('/v2/cob/'));
    const mpReads = () => stands.mp.requests.filter((request) => request.method === 'GET' && /^\/v1\/payments\/\d+$/.test(request.path));
    /** One reconciler pass at `at`, as the 30 s timer would run it. */
    async function passAt(at: number) {
      running.clock.now = at;
      await running.server.reconciler.runOnce();
      await running.server.background.idle();
    }
    /** The pass at which the order is due again. */
    const nextCheck = async (orderId: string) => passAt(Number((await orderRow(running.db, orderId)).next_check_at));

    const failures: Array<{ name: string; script: () => void; says: RegExp[] }> = [
      {
        name: '401 (credentials refused)',
        script: () => {
          // The client asks a fresh token after a 401, which Efí refuses too.
          stands.efi.script('GET', '/v2/cob/', { kind: 'status', status: 401, body: '{"nome":"nao_autorizado"}' });
          stands.efi.script('POST', '/oauth/token', {
            kind: 'status',
            status: 401,
            body: JSON.stringify({ error: 'invalid_client', error_description: 'Invalid or inactive credentials' }),
          });
        },
        says: [/EFI_CLIENT_ID e EFI_CLIENT_SECRET/, /HTTP 401/, /variáveis da loja/],
      },
      {
        name: '403 (no permission to read charges)',
        script: () =>
          stands.efi.script('GET', '/v2/cob/', {
            kind: 'status',
            status: 403,
            body: JSON.stringify({ nome: 'acesso_negado', mensagem: 'Acesso negado' }),
          }),
        says: [/HTTP 403/, /escopo cob\.read/],
      },
      {
        name: '500',
        script: () => stands.efi.script('GET', '/v2/cob/', { kind: 'status', status: 500, body: '{"nome":"erro_interno"}' }),
        says: [/HTTP 500/, /a falha é dela/],
      },
      {
        name: 'no answer (connection cut)',
        script: () => stands.efi.script('GET', '/v2/cob/', { kind: 'drop-after' }),
        says: [/não deu resposta/, /não respondeu/],
      },
    ];
    for (const failure of failures) {
      it(`a ${failure.name} shows in Saúde by name with since when and the fix, in the provider's lastError; a good read clears it`, async () => {
        const orderId = await pendingAt('efi,mercadopago');
        const cookie = await cookieOf();
        await nextCheck(orderId);
        expect(await chargeCheck(cookie)).toMatchObject({ ok: true, detail: expect.stringMatching(/^Efí: lida em /) });

        failure.script();
        const failedAt = Number((await orderRow(running.db, orderId)).next_check_at);
        await nextCheck(orderId);
        const failing = (await chargeCheck(cookie))!;
        expect(failing.ok).toBe(false);
        expect(failing.fix).toBe(backgroundReadNames.charges.fix);
        expect(failing.detail).toMatch(/^Efí: falhando desde \d{2}\/\d{2}\/\d{4}/);
        for (const said of failure.says) expect(failing.detail).toMatch(said);
        const efi = (await health(cookie)).providers.find((provider) => provider.id === 'efi')!;
        expect(efi.lastError).toMatchObject({ at: failedAt });
        for (const said of failure.says) expect(efi.lastError!.message).toMatch(said);

        stands.efi.clearScripts();
        await nextCheck(orderId);
        expect(await chargeCheck(cookie)).toMatchObject({ ok: true, detail: expect.stringMatching(/^Efí: lida em /) });
        expect(stands.efi.violations).toEqual([]);
      });
    }

    it('a 404 of one charge is no outage of the read: nothing shows', async () => {
      const orderId = await pendingAt('efi,mercadopago');
      const cookie = await cookieOf();
      await nextCheck(orderId);
      stands.efi.script('GET', '/v2/cob/', { kind: 'status', status: 404, body: '{"nome":"cobranca_nao_encontrada"}' });
      await nextCheck(orderId);
      expect(await chargeCheck(cookie)).toMatchObject({ ok: true });
    });

    it('a 429 with Retry-After pauses Efí’s reads until then, Mercado Pago keeps its pace; without one the pause doubles', async () => {
      const efiOrder = await pendingAt('efi,mercadopago');
      await running.restart({
        PAYMENT_PROVIDERS: 'mercadopago,efi',
        ADMIN_PASSWORD: PASSWORD,
        SUPPORT_EMAIL: SELLER,
        MAIL_TRANSPORT: 'smtp',
      });
      const mpOrder = (await checkout(running.server.url)).body.orderId!;
      expect((await orderRow(running.db, mpOrder)).provider).toBe('mercadopago');
      const cookie = await cookieOf();
      const throttle = (headers?: Record<string, string>): ScriptedReply => ({
        kind: 'status',
        status: 429,
        body: '{"nome":"limite_excedido"}',
        ...(headers ? { headers } : {}),
      });

      // Both orders due on every pass from here: the schedule is not what holds Efí back.
      const dueNow = () =>
        running.db.db.updateTable('orders').set({ next_check_at: running.clock.now }).where('id', 'in', [efiOrder, mpOrder]).execute();
      stands.efi.script('GET', '/v2/cob/', throttle({ 'Retry-After': '120' }));
      await dueNow();
      const throttledAt = running.clock.now;
      const before = cobReads().length;
      const cobReadsSince = () => cobReads().length - before;
      await passAt(throttledAt);
      expect(cobReadsSince()).toBe(1);
      const paused = (await chargeCheck(cookie))!;
      expect(paused.ok).toBe(false);
      expect(paused.detail).toMatch(/HTTP 429/);
      expect(paused.detail).toMatch(/Leituras pausadas até/);

      // Every 30 s for 2 minutes: Efí is not asked again; Mercado Pago is read at each pass.
      const mpBefore = mpReads().length;
      for (let at = throttledAt + 30_000; at < throttledAt + 120_000; at += 30_000) {
        running.clock.now = at;
        await dueNow();
        await passAt(at);
      }
      expect(cobReadsSince()).toBe(1);
      expect(mpReads().length - mpBefore).toBe(3);

      // Retry-After passed: Efí is read again; a second 429 with no Retry-After pauses 1 min, a third 2 min.
      stands.efi.script('GET', '/v2/cob/', throttle());
      await dueNow();
      await passAt(throttledAt + 120_000);
      expect(cobReadsSince()).toBe(2);
      const walk = async (from: number, seconds: number[]) => {
        for (const second of seconds) {
          running.clock.now = from + second * 1000;
          await dueNow();
          await passAt(running.clock.now);
        }
      };
      await walk(throttledAt + 120_000, [30]);
      expect(cobReadsSince()).toBe(2);
      stands.efi.script('GET', '/v2/cob/', throttle());
      await walk(throttledAt + 120_000, [60]);
      expect(cobReadsSince()).toBe(3);
      await walk(throttledAt + 180_000, [30, 60, 90]);
      expect(cobReadsSince()).toBe(3);
      await walk(throttledAt + 180_000, [120]);
      expect(cobReadsSince()).toBe(4);
      expect(await chargeCheck(cookie)).toMatchObject({ ok: true });
    });

    it('a refund whose follow-up read fails at Efí shows in Saúde with the fix; the read that sees it end clears it', async () => {
      await running.restart({
        PAYMENT_PROVIDERS: 'efi,mercadopago',
        ADMIN_PASSWORD: PASSWORD,
        SUPPORT_EMAIL: SELLER,
        MAIL_TRANSPORT: 'smtp',
        GATEWAY_REFUNDS: '1',
      });
      const created = await checkout(running.server.url);
      const orderId = created.body.orderId!;
      const txid = (await orderRow(running.db, orderId)).charge_id!;
      const endToEndId = stands.efi.pay(txid);
      await nextCheck(orderId);
      expect((await orderRow(running.db, orderId)).status).toBe('paid');
      const cookie = await cookieOf();
      const refundCheck = async () => (await health(cookie)).checks.find((check) => check.key === 'refundReads');

      // The seller's "Reembolsar": Efí takes the devolução, still EM_PROCESSAMENTO.
      expect((await consoleCall(running.server.url, cookie, `/orders/${orderId}/refund/start`, {})).status).toBe(202);
      await drainOutbox(running.server);
      const devolucao = stands.efi.cob(txid)!.pix[0]!.devolucoes[0]!;
      // Its follow-up reads the charge back (its devoluções ride on the cob's `pix`), and Efí fails.
      stands.efi.script('GET', '/v2/cob/', { kind: 'status', status: 500, body: '{"nome":"erro_interno"}' });
      running.clock.now += 10 * MINUTE;
      await drainOutbox(running.server);
      const failing = (await refundCheck())!;
      expect(failing).toMatchObject({ ok: false, fix: backgroundReadNames.refunds.fix });
      expect(failing.detail).toMatch(/^Efí: falhando desde .*HTTP 500.*a falha é dela/);

      stands.efi.clearScripts();
      stands.efi.settleRefund(endToEndId, devolucao.id, 'DEVOLVIDO');
      running.clock.now += 20 * MINUTE;
      await drainOutbox(running.server);
      expect((await orderRow(running.db, orderId)).status).toBe('reversed');
      expect(await refundCheck()).toMatchObject({ ok: true, detail: expect.stringMatching(/^Efí: lida em /) });
    });

    it('a read failing for an hour sends the seller one e-mail; after a good read, a new outage sends another', async () => {
      const orderId = await pendingAt('efi,mercadopago');
      await nextCheck(orderId);
      const alerts = async () =>
        (await wholeOutbox(running.db)).filter((row) => row.kind.startsWith('read_alert:efi:charges:') && row.sent_at !== null);
      const outage = async () => {
        const start = running.clock.now;
        // Reads every few minutes, each a 503 without Retry-After (the reconciler's own gaps), for 90 minutes.
        while (running.clock.now < start + 90 * MINUTE) {
          stands.efi.script('GET', '/v2/cob/', { kind: 'status', status: 503, body: '' });
          await running.db.db
            .updateTable('orders')
            .set({ next_check_at: running.clock.now + 10 * MINUTE })
            .where('id', '=', orderId)
            .execute();
          await passAt(running.clock.now + 10 * MINUTE);
        }
        await drainOutbox(running.server);
      };
      await outage();
      expect(await alerts()).toHaveLength(1);
      const mails = running.smtp.received.filter((mail) => mail.to.includes(SELLER)).map((mail) => parseMail(mail.raw));
      expect(mails.map((mail) => decodeHeader(mail.headers.get('subject')!))).toEqual(['Não conseguimos ler os pagamentos PIX da Efí']);
      expect(mails[0]!.text).toMatch(/HTTP 503/);
      expect(mails[0]!.text).toContain(backgroundReadNames.charges.risk);

      stands.efi.clearScripts();
      await nextCheck(orderId);
      await drainOutbox(running.server);
      expect(await alerts()).toHaveLength(1);
      await outage();
      expect(await alerts()).toHaveLength(2);
    });
  });
}
