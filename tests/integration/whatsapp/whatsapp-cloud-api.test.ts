import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInToConsole, uniqueBuyer } from '../../support/clients.ts';
import { auditRows, orderRow, outboxRows, setOrderColumns, whatsappLog, whatsappOptOuts } from '../../support/db-reads.ts';
import { quietHoursAround, saoPauloHour } from '../../support/quiet-hours.ts';
import { graphError, startWhatsappStandIn, type StandInMessage, type WhatsappStandIn } from '../../support/stand-ins/whatsapp-stand-in.ts';
import { site } from '../../../src/content/site.ts';
import type { AdminOrderWhatsapp } from '../../../src/shared/whatsapp.ts';
import { formatExpiry } from '../../../src/shared/time.ts';
import { buy, consoleCall, sandboxSays } from '../../support/purchase.ts';
import { databases } from '../test-db.ts';
import { useTestServer } from '../../support/test-server.ts';

/**
 * WhatsApp messages to buyers who asked for them (docs/whatsapp.md), end to end on both databases:
 * the real server, outbox and sandbox gateway on a fake clock, and a stand-in of Meta's Cloud API
 * (tests/support/stand-ins/whatsapp-stand-in.ts) that checks every request and answers, and calls
 * our webhook, as Meta documents. Sources the stand-in and whatsapp/ were built from:
 *
 * - Send a message: developers.facebook.com/documentation/business-messaging/whatsapp/reference/whatsapp-business-phone-number/message-api
 *   (`POST /{Version}/{Phone-Number-ID}/messages`, `Authorization: Bearer`, the answer
 *   `{ messaging_product, contacts: [{ input, wa_id }], messages: [{ id: "wamid.…" }] }`) and
 *   …/whatsapp/messages/text-messages (the current version in its examples: v25.0).
 * - Template messages: `type: "template"`, `template: { name, language: { code }, components }`, a
 *   `body` component's `parameters: [{ type: "text", text }]`, a URL button's
 *   `{ type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: <suffix> }] }`;
 *   a variable may hold no line break or tab nor more than four spaces in a row (…/whatsapp/templates).
 * - `biz_opaque_callback_data`: "an arbitrary string … included in statuses object within webhook
 *   payloads. Cloud API does not process this field … Maximum 512 characters" (message API reference).
 * - Error codes: …/whatsapp/support/error-codes (updated May 15, 2026): 131026 Message undeliverable
 *   (not a WhatsApp number, old client, terms not accepted; reported by the webhook), 132000 number
 *   of parameters, 132001 template does not exist, 132015 Template is Paused, 132016 Template is
 *   Disabled, 130429 Rate limit hit, 131056 pair rate limit, 190 access token expired or invalid; the
 *   envelope `{ error: { message, type, code, error_data: { details }, fbtrace_id } }`.
 * - Status webhook: …/whatsapp/webhooks/reference/messages/status/ (`statuses[]`: id, status sent |
 *   delivered | read | failed, timestamp, recipient_id, biz_opaque_callback_data, errors[{ code,
 *   title, message, error_data.details, href }]); text message webhook: …/webhooks/reference/messages/text
 *   (`messages[]`: from, id, timestamp, type "text", text.body).
 * - Webhook verification and signatures: developers.facebook.com/docs/graph-api/webhooks/getting-started
 *   (`GET ?hub.mode=subscribe&hub.challenge=…&hub.verify_token=…` answered with the challenge;
 *   `X-Hub-Signature-256: sha256=` + the HMAC-SHA256 of the payload with the app secret).
 * - PIX copy button: …/whatsapp/payments/payments-br/offsite-pix (updated Apr 6, 2026) documents
 *   `order_details` with `payment_settings: [{ type: "pix_dynamic_code", pix_dynamic_code: { code,
 *   merchant_name, key, key_type } }]` as an interactive message, which only goes inside the 24-hour
 *   window a buyer opens; the stored copies of "Send order details template message" and "Payment
 *   Request CTA Templates" do not show the template button's send shape, so the code goes in the
 *   body text (docs/whatsapp.md#the-pix-code).
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const PASSWORD = 'senha-do-painel-whatsapp';

interface Checkout {
  orderId: string;
  publicRef: string;
  amountCents: number;
  pix: { code: string };
  expiresAt: number;
  phone: string;
}

for (const database of databases) {
  describe(`WhatsApp through the Cloud API on ${database.name}`, () => {
    let cloud: WhatsappStandIn;

    beforeAll(async () => {
      cloud = await startWhatsappStandIn();
    });
    afterAll(async () => {
      await cloud.stop();
    });
    beforeEach(() => {
      cloud.messages.length = 0;
      cloud.requests.length = 0;
      cloud.notOnWhatsapp.clear();
      cloud.legacyNumbers.clear();
      cloud.autoStatuses = true;
      for (const template of cloud.templates.values()) template.status = 'APPROVED';
    });

    // Close to the real time: the sandbox gateway stamps its charges with the real clock. Quiet
    // hours away from now and from the reminder's time (22 h later), unless a test sets them.
    const running = useTestServer(
      database,
      (rig) => ({ ...cloud.env(), WHATSAPP_QUIET_HOURS: quietHoursAround(rig.clock.now), ADMIN_PASSWORD: PASSWORD }),
      { clock: 'now', each: true },
    );
    const aimWebhook = () => {
      cloud.webhookUrl = `${running.server.url}/api/webhooks/whatsapp`;
    };
    beforeEach(aimWebhook);
    afterEach(async () => {
      await cloud.settled();
      // Nothing here is a server error, and no line names the buyer's number or PIX code.
      expect(running.server.logLines.filter((line) => line.level === 'error')).toEqual([]);
      for (const line of running.server.logLines) expect(line.line).not.toMatch(/55119\d{8}|br\.gov\.bcb\.pix/);
    });

    /** Everything a step set going: the outbox run after a transition, and the webhooks Meta sends back. */
    async function settle() {
      await running.server.background.idle();
      await cloud.settled();
      await running.server.background.idle();
    }

    async function checkout(options: { consent?: boolean; buyer?: ReturnType<typeof uniqueBuyer> } = {}): Promise<Checkout> {
      const buyer = options.buyer ?? uniqueBuyer('Joana Prado');
      const { reply: order } = await buy<Omit<Checkout, 'phone'>>(running.server, {
        buyer,
        fields: options.consent === false ? {} : { whatsappConsent: true },
      });
      await settle();
      return { ...order, phone: `55${buyer.phone.replace(/\D/g, '')}` };
    }

    async function pay(orderId: string) {
      await sandboxSays(running.server, running.db, orderId, 'paid');
      await settle();
    }

    /** Lets time pass and runs the outbox as its timer would. */
    async function advance(ms: number) {
      running.clock.now += ms;
      await running.server.outbox.runOnce();
      await settle();
    }

    const logOf = (orderId: string) => whatsappLog(running.db, orderId);
    const outboxKinds = async (orderId: string) =>
      (await outboxRows(running.db, orderId)).filter((row) => row.sent_at === null).map((row) => row.kind);
    const messagesTo = (phone: string) => cloud.messages.filter((message) => message.to === phone);
    /** The stop link a message carries, on this server (the link names http://localhost:PORT). */
    const stopPath = (message: StandInMessage) => new URL(message.body.at(-1)!).pathname;
    const reminderDue = (order: Checkout) => order.expiresAt - 2 * HOUR - running.clock.now;

    async function consoleView(orderId: string): Promise<AdminOrderWhatsapp> {
      const cookie = await signInToConsole(running.server.url, PASSWORD);
      const response = await consoleCall(running.server.url, cookie, `/orders/${orderId}/whatsapp`);
      expect(response.status).toBe(200);
      return (await response.json()) as AdminOrderWhatsapp;
    }

    it('sends nothing to a buyer who left the box unticked: no PIX, no reminder, no access', async () => {
      const order = await checkout({ consent: false });
      await advance(reminderDue(order));
      await pay(order.orderId);
      await advance(MINUTE);
      expect(messagesTo(order.phone)).toEqual([]);
      expect(await logOf(order.orderId)).toEqual([]);
      expect((await outboxKinds(order.orderId)).filter((kind) => kind.startsWith('whatsapp:'))).toEqual([]);
      const stored = await orderRow(running.db, order.orderId);
      expect(stored.whatsapp_consent_at).toBeNull();
    });

    it('sends the PIX at once, one reminder two hours before it expires and the access after payment, each with its variables', async () => {
      const consentAt = running.clock.now;
      const order = await checkout();
      const { whatsapp_consent_at, whatsapp_consent_text, whatsapp_consent_version } = await orderRow(running.db, order.orderId);
      expect({ whatsapp_consent_at, whatsapp_consent_text, whatsapp_consent_version }).toEqual({
        whatsapp_consent_at: consentAt,
        whatsapp_consent_text: 'Quero receber o PIX e o acesso pelo WhatsApp',
        whatsapp_consent_version: '2026-11',
      });

      const [pix] = messagesTo(order.phone);
      expect(pix).toMatchObject({
        template: 'vitrine_pix',
        language: 'pt_BR',
        body: ['Joana', 'R$ 19,90', site.productName, order.pix.code, formatExpiry(order.expiresAt), expect.any(String)],
        urlSuffix: order.publicRef,
      });
      expect(stopPath(pix!)).toMatch(new RegExp(`^/pedido/${order.publicRef}/whatsapp/[\\w-]{32}$`));
      // The stand-in saw the bearer token and Meta's path; our log row's id travelled as the callback data.
      expect(cloud.requests[0]).toMatchObject({
        path: `/v25.0/${cloud.phoneNumberId}/messages`,
        headers: expect.objectContaining({ authorization: `Bearer ${cloud.token}` }),
        status: 200,
      });
      const [logged] = await logOf(order.orderId);
      expect(pix!.callbackData).toBe(logged!.id);
      // Meta's webhook said sent, then delivered.
      expect(logged).toMatchObject({ kind: 'pix', mode: 'cloud_api', status: 'delivered', meta_message_id: pix!.id, error_code: null });

      await advance(reminderDue(order) - MINUTE);
      expect(messagesTo(order.phone)).toHaveLength(1);
      await advance(MINUTE);
      const [, reminder] = messagesTo(order.phone);
      expect(reminder).toMatchObject({
        template: 'vitrine_pix_lembrete',
        body: [
          'Joana',
          'R$ 19,90',
          site.productName,
          formatExpiry(order.expiresAt),
          expect.stringContaining(`/pedido/${order.publicRef}/whatsapp/`),
        ],
        urlSuffix: order.publicRef,
      });

      await pay(order.orderId);
      const [, , access] = messagesTo(order.phone);
      expect(access).toMatchObject({
        template: 'vitrine_acesso',
        body: ['Joana', site.productName, expect.stringContaining('/whatsapp/')],
      });
      // The button's suffix is a working access link, like the e-mail's.
      const opened = await fetch(`${running.server.url}/acesso/${access!.urlSuffix}`, { redirect: 'manual' });
      expect(opened.status).toBe(303);

      expect((await logOf(order.orderId)).map((row) => [row.kind, row.slot, row.status])).toEqual([
        ['pix', 1, 'delivered'],
        ['reminder', 2, 'delivered'],
        ['access', 3, 'delivered'],
      ]);
      // The console lists them, each with the text the buyer read.
      const view = await consoleView(order.orderId);
      expect(view).toMatchObject({
        mode: 'cloud_api',
        consent: { at: consentAt, version: '2026-11' },
        optedOutAt: null,
        unavailable: null,
      });
      expect(view.messages.map((message) => message.kind)).toEqual(['pix', 'reminder', 'access']);
      expect(view.messages[0]!.preview).toContain(`Código PIX copia e cola:\n${order.pix.code}`);
      expect(view.messages[0]!.preview).toContain(`[Ver meu pedido] http://localhost:`);
      // The order's timeline lists e-mails: the WhatsApp messages are not among them.
      const cookie = await signInToConsole(running.server.url, PASSWORD);
      const detail = (await (await consoleCall(running.server.url, cookie, `/orders/${order.orderId}`)).json()) as {
        timeline: Array<{ kind: string; label?: string }>;
      };
      const emails = detail.timeline.filter((entry) => entry.kind.startsWith('email_')).map((entry) => entry.label);
      // The PIX e-mail and its reminders, then the access e-mail.
      expect([...new Set(emails)]).toEqual(['E-mail do PIX enviado (código ou lembrete)', 'E-mail de acesso enviado']);
    });

    it('sends no reminder to a buyer who paid for the item through another charge', async () => {
      const buyer = uniqueBuyer('Joana Prado');
      const first = await checkout({ buyer });
      await pay(first.orderId);
      const second = await checkout({ buyer });
      // The PIX the buyer asked for just now goes; its reminder never does.
      expect(messagesTo(second.phone).map((message) => message.template)).toEqual(['vitrine_pix', 'vitrine_acesso', 'vitrine_pix']);
      await advance(reminderDue(second));
      await advance(HOUR);
      expect(messagesTo(second.phone).map((message) => message.template)).toEqual(['vitrine_pix', 'vitrine_acesso', 'vitrine_pix']);
      expect((await logOf(second.orderId)).map((row) => row.kind)).toEqual(['pix']);
    });

    it('holds a message due in the quiet hours until they end, by the injected clock', async () => {
      const hour = saoPauloHour(running.clock.now);
      await running.restart({ WHATSAPP_QUIET_HOURS: `${hour}-${(hour + 2) % 24}` });
      aimWebhook();
      const order = await checkout();
      expect(messagesTo(order.phone)).toEqual([]);
      const [row] = await outboxRows(running.db, order.orderId, 'whatsapp:pix');
      // Due when the window ends: the next whole hour that is `hour + 2` in São Paulo.
      const due = Number(row!.next_attempt_at);
      expect(saoPauloHour(due)).toBe((hour + 2) % 24);
      expect(due % HOUR).toBe(0);
      expect(due - running.clock.now).toBeLessThanOrEqual(2 * HOUR);
      await advance(due - running.clock.now - MINUTE);
      expect(messagesTo(order.phone)).toEqual([]);
      await advance(MINUTE);
      expect(messagesTo(order.phone).map((message) => message.template)).toEqual(['vitrine_pix']);
    });

    it('"Saír" from the number stops everything for it, even in the ninth-digit-less form WhatsApp may give', async () => {
      const buyer = uniqueBuyer('Joana Prado');
      const order = await checkout({ buyer });
      expect(messagesTo(order.phone)).toHaveLength(1);
      cloud.legacyNumbers.add(order.phone);
      const waId = `${order.phone.slice(0, 4)}${order.phone.slice(5)}`;
      expect(await cloud.reply(waId, '  Saír. ')).toBe(200);
      // No reminder, no access, and nothing for the number's next order either.
      await advance(reminderDue(order));
      await pay(order.orderId);
      const next = await checkout({ buyer });
      await pay(next.orderId);
      expect(messagesTo(order.phone)).toHaveLength(1);
      expect((await consoleView(next.orderId)).optedOutAt).not.toBeNull();
      // Other words are just messages.
      expect(await cloud.reply(order.phone, 'parar de pagar?')).toBe(200);
      expect((await whatsappOptOuts(running.db)).map((row) => ({ source: row.source }))).toEqual([{ source: 'reply' }]);
    });

    it("a message's stop link asks on GET (link previews open it) and stops the number on POST", async () => {
      const order = await checkout();
      const path = stopPath(messagesTo(order.phone)[0]!);
      const asked = await fetch(`${running.server.url}${path}`);
      expect(asked.status).toBe(200);
      expect(asked.headers.get('cache-control')).toBe('no-store');
      expect(await asked.text()).toContain('Parar as mensagens pelo WhatsApp?');
      expect(await whatsappOptOuts(running.db)).toEqual([]);
      const wrong = await fetch(`${running.server.url}${path.slice(0, -3)}xyz`, { method: 'POST' });
      expect(wrong.status).toBe(404);

      const stopped = await fetch(`${running.server.url}${path}`, { method: 'POST' });
      expect(stopped.status).toBe(200);
      expect(await stopped.text()).toContain('Não enviaremos mais mensagens pelo WhatsApp para este número.');
      expect(await outboxKinds(order.orderId)).not.toContain('whatsapp:reminder');
      await advance(reminderDue(order));
      await pay(order.orderId);
      expect(messagesTo(order.phone)).toHaveLength(1);
      expect((await whatsappOptOuts(running.db)).map((row) => ({ source: row.source }))).toEqual([{ source: 'link' }]);
    });

    it("refuses an unsigned or tampered status webhook, and stores a signed one; answers Meta's check with its verify token only", async () => {
      cloud.autoStatuses = false;
      const order = await checkout();
      const [message] = messagesTo(order.phone);
      const statusOf = async () => (await logOf(order.orderId))[0]!.status;
      expect(await statusOf()).toBe('accepted');

      const read = (id: string) =>
        JSON.stringify({
          object: 'whatsapp_business_account',
          entry: [
            {
              id: '1',
              changes: [
                { field: 'messages', value: { statuses: [{ id, status: 'read', timestamp: '1764115200', recipient_id: order.phone }] } },
              ],
            },
          ],
        });
      const body = read(message!.id);
      expect(await cloud.deliver(body, null)).toBe(401);
      expect(await cloud.deliver(body, 'sha256=' + '0'.repeat(64))).toBe(401);
      expect(await cloud.deliver(body, 'sha1=abc')).toBe(401);
      // Signed, then changed on the way: a byte off and the signature no longer holds.
      const signature = `sha256=${createHmac('sha256', cloud.appSecret).update(body).digest('hex')}`;
      expect(await cloud.deliver(body.replace('"read"', '"sent"'), signature)).toBe(401);
      expect(await statusOf()).toBe('accepted');
      expect(await cloud.deliver(body, signature)).toBe(200);
      expect(await statusOf()).toBe('read');
      // A replay, or an older status arriving late, moves nothing back.
      expect(await cloud.deliver(body, signature)).toBe(200);
      await cloud.sendStatus(message!, 'delivered');
      expect(await statusOf()).toBe('read');

      const verify = (token: string) =>
        fetch(
          `${running.server.url}/api/webhooks/whatsapp?hub.mode=subscribe&hub.challenge=1158201444&hub.verify_token=${encodeURIComponent(token)}`,
        );
      const answered = await verify(cloud.verifyToken);
      expect(answered.status).toBe(200);
      expect(await answered.text()).toBe('1158201444');
      expect((await verify('not-the-token')).status).toBe(403);
    });

    it('a number not on WhatsApp ends WhatsApp for the order, the console says why, and the e-mails go on', async () => {
      const buyer = uniqueBuyer('Joana Prado');
      cloud.notOnWhatsapp.add(`55${buyer.phone.replace(/\D/g, '')}`);
      const order = await checkout({ buyer });
      const [row] = await logOf(order.orderId);
      expect(row).toMatchObject({ status: 'failed', error_code: 131026 });
      const kinds = await outboxKinds(order.orderId);
      expect(kinds.filter((kind) => kind.startsWith('whatsapp:'))).toEqual([]);
      expect(kinds.filter((kind) => kind.startsWith('pix_reminder:'))).toHaveLength(2);
      await pay(order.orderId);
      expect(messagesTo(order.phone)).toHaveLength(1);
      const view = await consoleView(order.orderId);
      expect(view.unavailable).toEqual({
        at: expect.any(Number),
        errorCode: 131026,
        reason: 'o número não está no WhatsApp ou não pode receber mensagens de empresas',
      });
      expect(view.messages[0]).toMatchObject({ status: 'failed', errorCode: 131026 });
    });

    it('a paused template is refused by Meta: WhatsApp ends for the order with the reason', async () => {
      cloud.templates.get('vitrine_pix')!.status = 'PAUSED';
      const order = await checkout();
      expect(messagesTo(order.phone)).toEqual([]);
      expect(cloud.requests.at(-1)).toMatchObject({ status: 400 });
      expect((await logOf(order.orderId))[0]).toMatchObject({ status: 'failed', error_code: 132015 });
      expect((await outboxKinds(order.orderId)).filter((kind) => kind.startsWith('whatsapp:'))).toEqual([]);
      expect((await consoleView(order.orderId)).unavailable?.reason).toBe('a Meta pausou o modelo de mensagem por baixa qualidade');
    });

    it('retries a rate-limited message later, and never sends one twice when Meta took a call it did not answer', async () => {
      cloud.scriptNext({ kind: 'status', status: 429, body: graphError(130429, 'Rate limit hit', 'Rate limit hit') });
      const order = await checkout();
      expect(messagesTo(order.phone)).toEqual([]);
      expect((await logOf(order.orderId))[0]).toMatchObject({ status: 'failed', error_code: 130429 });
      await advance(MINUTE);
      expect(messagesTo(order.phone)).toHaveLength(1);
      expect((await logOf(order.orderId))[0]).toMatchObject({ status: 'delivered', attempts: 2 });

      // Accepted, but the answer lost: Meta's webhook tells the retry it went.
      const other = await checkoutLost();
      await advance(MINUTE);
      expect(messagesTo(other.phone)).toHaveLength(1);
      expect((await logOf(other.orderId))[0]).toMatchObject({ status: 'delivered', attempts: 1, uncertain: 1 });

      // Without any webhook: sent once more at most, never a third time.
      cloud.autoStatuses = false;
      const silent = await checkoutLost();
      cloud.scriptNext({ kind: 'swallowed' });
      await advance(MINUTE);
      await advance(5 * MINUTE);
      await advance(10 * MINUTE);
      expect(messagesTo(silent.phone)).toHaveLength(2);
      expect((await logOf(silent.orderId))[0]).toMatchObject({ status: 'failed', error_code: -1, attempts: 2, uncertain: 2 });
      expect((await consoleView(silent.orderId)).messages[0]!.errorReason).toContain('não foi reenviada para não chegar em dobro');
    });

    async function checkoutLost(): Promise<Checkout> {
      cloud.scriptNext({ kind: 'swallowed' });
      return checkout();
    }
  });

  describe(`WhatsApp without the Cloud API (the demo) on ${database.name}`, () => {
    const running = useTestServer(
      database,
      (rig) => ({ ADMIN_PASSWORD: PASSWORD, WHATSAPP_QUIET_HOURS: quietHoursAround(rig.clock.now), WHATSAPP_MAX_PER_ORDER: '2' }),
      { clock: 'now', each: true },
    );

    it('records each message it would have sent, up to the cap, and the console shows them with their text', async () => {
      const buyer = uniqueBuyer('Joana Prado');
      const { reply: order } = await buy<Checkout>(running.server, { buyer, fields: { whatsappConsent: true } });
      await running.server.background.idle();
      running.clock.now = order.expiresAt - 2 * HOUR;
      await running.server.outbox.runOnce();
      await sandboxSays(running.server, running.db, order.orderId, 'paid');
      await running.server.background.idle();

      const cookie = await signInToConsole(running.server.url, PASSWORD);
      const view = (await (
        await consoleCall(running.server.url, cookie, `/orders/${order.orderId}/whatsapp`)
      ).json()) as AdminOrderWhatsapp;
      expect(view.mode).toBe('simulated');
      // WHATSAPP_MAX_PER_ORDER=2: the PIX and the reminder; the access message found no slot left.
      expect(view.messages.map((message) => [message.kind, message.mode, message.status])).toEqual([
        ['pix', 'simulated', 'not_sent'],
        ['reminder', 'simulated', 'not_sent'],
      ]);
      expect(view.messages[0]!.sentAt).not.toBeNull();
      expect(view.messages[0]!.preview).toContain(`Olá, Joana! Seu PIX de R$\u00a019,90 para ${site.productName} foi gerado.`);
      expect(view.messages[0]!.preview).toContain(order.pix.code);
      expect(view.messages[1]!.preview).toContain('ainda aguarda pagamento');
      // The seller looked at the buyer's data: the audit says so, the order's timeline does not.
      const audit = (await auditRows(running.db)).filter((entry) => entry.order_id === order.orderId);
      expect(audit.map((entry) => entry.action)).toContain('view_order_whatsapp');
      const unknown = await consoleCall(running.server.url, cookie, '/orders/ord_doesnotexist000000000/whatsapp');
      expect(unknown.status).toBe(404);
      expect((await fetch(`${running.server.url}/api/admin/orders/${order.orderId}/whatsapp`)).status).toBe(401);
    });

    it('gives one number at most 4 messages a day whatever the orders typed with it, and never a URL typed as the name', async () => {
      const buyer = { ...uniqueBuyer('https://golpe.example.com Silva'), email: `alvo.${Date.now()}@example.com` };
      const orders: string[] = [];
      // Five PIX in a day for one number: each is closed before the next checkout, so each is an order of its own.
      for (const bump of [false, true, false, true, false]) {
        const { orderId } = await buy(running.server, { buyer, fields: { whatsappConsent: true, bump } });
        orders.push(orderId);
        await running.server.background.idle();
        await setOrderColumns(running.db, orderId, { status: 'failed' });
      }
      const rows = (await whatsappLog(running.db)).filter((row) => orders.includes(row.order_id));
      // The fifth order's PIX found the number's day full.
      expect(rows.map((row) => row.order_id).sort()).toEqual(orders.slice(0, 4).sort());
      const cookie = await signInToConsole(running.server.url, PASSWORD);
      const view = (await (await consoleCall(running.server.url, cookie, `/orders/${orders[0]}/whatsapp`)).json()) as AdminOrderWhatsapp;
      expect(view.messages[0]!.preview).toMatch(/^Olá, cliente! Seu PIX de /);
      expect(view.messages[0]!.preview).not.toContain('golpe');
    });

    it('refuses every webhook: with no app secret nothing can be verified', async () => {
      const response = await fetch(`${running.server.url}/api/webhooks/whatsapp`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': 'sha256=00' },
        body: '{"object":"whatsapp_business_account","entry":[]}',
      });
      expect(response.status).toBe(401);
      expect(
        (await fetch(`${running.server.url}/api/webhooks/whatsapp?hub.mode=subscribe&hub.challenge=1&hub.verify_token=x`)).status,
      ).toBe(403);
    });
  });
}
