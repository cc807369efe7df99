import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newCheckoutKey, postOrder, uniqueBuyer } from '../support/clients.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { PIX_EMAILS_PER_ADDRESS_PER_DAY, takePixEmailQuota } from '../../src/server/pix-emails/pix-email-quota.ts';
import { parseMail, decodeHeader, type ParsedMail } from './mime.ts';
import { payBySandboxPostback } from '../support/purchase.ts';
import { startSmtpServer, type TestSmtpServer } from './smtp-test-server.ts';
import { databases, type TestDb } from './test-db.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

/**
 * "Seu PIX está pronto" and the reminders (docs/payments.md#pix-e-mails-and-the-order-page), end to
 * end through the real outbox, a real SMTP server and both databases, on a fake clock: the worker
 * only sends what is due by that clock.
 */
const MINUTE = 60_000;

interface Checkout {
  orderId: string;
  publicRef: string;
  pix: { code: string };
  expiresAt: number;
}

for (const database of databases) {
  describe(`PIX e-mails and reminders on ${database.name}`, () => {
    let smtp: TestSmtpServer;
    let db: TestDb;
    let server: TestServer;
    let clock: number;
    const mails = () => smtp.received.map((mail) => ({ to: mail.to, ...parseMail(mail.raw) }));
    const subjectOf = (mail: ParsedMail) => decodeHeader(mail.headers.get('subject') ?? '');

    beforeAll(async () => {
      smtp = await startSmtpServer();
    });
    afterAll(async () => {
      await smtp.stop();
    });
    beforeEach(async () => {
      smtp.received.length = 0;
      // Close to the real time: the sandbox gateway stamps its charges with the real clock.
      clock = Date.now();
      db = await database.create();
      server = await startTestServer(
        db,
        { SMTP_URL: smtp.url, PIX_REMINDER_MINUTES: '60,1200', SUPPORT_EMAIL: 'suporte@loja.example.com' },
        { now: () => clock },
      );
    });
    afterEach(async () => {
      await server.stopJobs();
      await server.stop();
      await db.close();
    });

    async function checkout(buyer = uniqueBuyer()): Promise<Checkout & { email: string }> {
      const response = await fetch(`${server.url}/api/orders`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...buyer, checkoutKey: newCheckoutKey() }),
      });
      expect(response.status).toBe(201);
      const order = (await response.json()) as Checkout;
      // The charge hands the outbox a run right away ("Seu PIX está pronto" must not wait for a poll).
      await server.background.idle();
      return { ...order, email: buyer.email };
    }

    async function pay(orderId: string) {
      expect(await payBySandboxPostback(server, db, orderId)).toBe(200);
      await server.background.idle();
    }

    const reminderRows = (orderId: string) =>
      db.db
        .selectFrom('outbox')
        .select(['kind', 'sent_at'])
        .where('order_id', '=', orderId)
        .where('kind', 'like', 'pix_reminder:%')
        .execute();

    it('sends "Seu PIX está pronto" with the amount, the code, the real expiry and a working order-page link', async () => {
      const order = await checkout();
      expect(mails()).toHaveLength(1);
      const [mail] = mails();
      expect(mail!.to).toEqual([order.email]);
      expect(subjectOf(mail!)).toBe('Seu PIX está pronto');
      expect(mail!.text).toContain(order.pix.code);
      expect(mail!.text).toContain('R$\u00a019,90');
      // The gateway's expiry, in São Paulo time.
      const expiry = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' })
        .format(order.expiresAt)
        .replace(', ', ' às ');
      expect(mail!.text).toContain(`Este código vale até ${expiry} (horário de Brasília).`);
      expect(mail!.html).toContain(order.pix.code);
      expect(mail!.html).not.toMatch(/<img/i);
      // "Seu PIX está pronto" is no reminder: nothing to unsubscribe from.
      expect(mail!.headers.has('list-unsubscribe')).toBe(false);

      const link = new URL(/https?:\/\/\S+\/pedido\/\S+/.exec(mail!.text)![0]);
      expect(link.pathname).toBe(`/pedido/${order.publicRef}`);
      expect(link.hash).toMatch(/^#k=[\w-]{32}$/);
      const page = (await (await fetch(`${server.url}/api/order-page/${order.publicRef}`)).json()) as Record<string, unknown>;
      expect(page).toMatchObject({ status: 'pending', amountCents: 1990, expiresAt: order.expiresAt, pix: { code: order.pix.code } });
      // The page's API never hands out the order id (which opens the modal's status) or an access link.
      expect(JSON.stringify(page)).not.toContain(order.orderId);
    });

    it('sends a reminder at 60 minutes with a one-click opt-out, and none after payment', async () => {
      const order = await checkout();
      clock += 59 * MINUTE;
      expect(await server.outbox.runOnce()).toBe(0);
      clock += MINUTE;
      expect(await server.outbox.runOnce()).toBe(1);
      const reminder = mails()[1]!;
      expect(subjectOf(reminder)).toBe('Seu PIX de R$\u00a019,90 ainda aguarda pagamento');
      expect(reminder.text).toContain(order.pix.code);
      const unsubscribe = /^<(https?:\/\/[^>]+)>$/.exec(reminder.headers.get('list-unsubscribe') ?? '')?.[1];
      expect(unsubscribe).toMatch(new RegExp(`/pedido/${order.publicRef}/lembretes/[\\w-]{32}$`));
      expect(reminder.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      expect(reminder.text).toContain(`Não quero mais lembretes: ${unsubscribe}`);
      expect(reminder.html).toContain(`href="${unsubscribe}"`);

      await pay(order.orderId);
      // The access e-mail went out; the 1200-minute reminder is gone at once, not only skipped later.
      expect(mails().map(subjectOf)).toContain('Seu acesso à Lista de Fornecedores Secretos Vitalícia está liberado');
      expect((await reminderRows(order.orderId)).filter((row) => row.sent_at === null)).toEqual([]);
      const sentBefore = mails().length;
      clock += 1200 * MINUTE;
      await server.outbox.runOnce();
      expect(mails()).toHaveLength(sentBefore);
    });

    it('sends no reminder once the buyer opted out; a GET alone (a mail scanner) opts nobody out', async () => {
      const order = await checkout();
      const ready = mails()[0]!;
      expect(ready.text).not.toContain('/lembretes/');
      // The opt-out link as the first reminder carries it.
      clock += 60 * MINUTE;
      await server.outbox.runOnce();
      const optOut = /^<(https?:\/\/[^>]+)>$/.exec(mails()[1]!.headers.get('list-unsubscribe') ?? '')![1]!;

      const shown = await fetch(optOut);
      expect(shown.status).toBe(200);
      expect(shown.headers.get('cache-control')).toBe('no-store');
      expect(shown.headers.get('x-robots-tag')).toContain('noindex');
      const page = await shown.text();
      expect(page).toContain('Não quer mais receber lembretes deste pedido?');
      expect(page).toContain('<button type="submit">Não quero mais lembretes</button>');
      expect((await reminderRows(order.orderId)).filter((r) => r.sent_at === null)).toHaveLength(1);

      // A wrong token opens nothing and changes nothing.
      const forged = await fetch(optOut.replace(/[\w-]{32}$/, 'A'.repeat(32)), { method: 'POST', body: 'List-Unsubscribe=One-Click' });
      expect(forged.status).toBe(404);
      expect((await reminderRows(order.orderId)).filter((r) => r.sent_at === null)).toHaveLength(1);

      // RFC 8058: the mail app POSTs this body to the List-Unsubscribe address.
      const done = await fetch(optOut, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(done.status).toBe(200);
      expect(await done.text()).toContain('Você não receberá mais lembretes deste pedido.');
      expect((await reminderRows(order.orderId)).filter((r) => r.sent_at === null)).toEqual([]);

      clock += 1200 * MINUTE;
      await server.outbox.runOnce();
      expect(mails()).toHaveLength(2);
      // A second click says the same and changes nothing.
      expect((await fetch(optOut, { method: 'POST', body: 'List-Unsubscribe=One-Click' })).status).toBe(200);
    });

    it('checks the order again at send time: a reminder due after the PIX expired is dropped, not sent', async () => {
      const order = await checkout();
      // The gateway's expiry came earlier than the reminder (the row was queued while it was payable).
      await db.db
        .updateTable('orders')
        .set({ expires_at: clock + 30 * MINUTE })
        .where('id', '=', order.orderId)
        .execute();
      clock += 60 * MINUTE;
      expect(await server.outbox.runOnce()).toBe(0);
      expect(mails()).toHaveLength(1);
      // Dropped, not parked as undeliverable: the console's health check stays green.
      const rows = await db.db.selectFrom('outbox').select(['kind']).where('order_id', '=', order.orderId).execute();
      expect(rows.map((r) => r.kind).sort()).toEqual(['pix_ready', 'pix_reminder:1200']);
    });

    it(`sends one address at most ${PIX_EMAILS_PER_ADDRESS_PER_DAY} PIX e-mails a day, however many orders strangers place for it`, async () => {
      const victim = `alvo.${process.pid}.${Date.now()}@example.com`;
      for (let attempt = 0; attempt < 5; attempt++) {
        // Each from a client of its own, with its own phone: only the address is the same.
        const { status, body } = await postOrder<{ orderId: string }>(server.url, {
          ...uniqueBuyer(`Atacante ${attempt}`),
          email: victim,
          checkoutKey: newCheckoutKey(),
        });
        expect(status).toBe(201);
        await server.background.idle();
        // The code expires (a gateway's short expiry), so the next order for the address is a new charge.
        await db.db
          .updateTable('orders')
          .set({ expires_at: clock - 1 })
          .where('id', '=', body.orderId)
          .execute();
      }
      await server.outbox.runOnce();
      const toVictim = smtp.received.filter((mail) => mail.to.includes(victim));
      expect(toVictim).toHaveLength(PIX_EMAILS_PER_ADDRESS_PER_DAY);
      expect(toVictim.map((mail) => subjectOf(parseMail(mail.raw)))).toEqual(
        Array(PIX_EMAILS_PER_ADDRESS_PER_DAY).fill('Seu PIX está pronto'),
      );
      // The skipped ones are dropped (not parked as failures) and logged without the address.
      const waiting = await db.db.selectFrom('outbox').select('id').where('kind', '=', 'pix_ready').where('sent_at', 'is', null).execute();
      expect(waiting).toEqual([]);
      expect(server.logLines.filter((entry) => entry.line.includes('had its PIX e-mails for today'))).toHaveLength(2);
      expect(server.logLines.some((entry) => entry.line.includes(victim))).toBe(false);
      // Only a hash of the address is kept to count.
      const quota = await db.db.selectFrom('pix_email_quota').selectAll().execute();
      expect(quota).toHaveLength(PIX_EMAILS_PER_ADDRESS_PER_DAY);
      expect(JSON.stringify(quota)).not.toContain(victim);

      // Another address is not affected.
      await checkout();
      expect(smtp.received.filter((mail) => !mail.to.includes(victim))).toHaveLength(1);
    });

    it('greets by the first name only when it is letters: a URL typed as the name never reaches the inbox', async () => {
      await checkout(uniqueBuyer('https://evil.example/x Souza'));
      await checkout(uniqueBuyer('Ana-Luísa D’Ávila'));
      await checkout(uniqueBuyer('0800 123 4567'));
      const [url, letters, digits] = mails();
      expect(url!.text).toContain('Olá!');
      for (const part of [url!.text, url!.html, subjectOf(url!)]) {
        expect(part).not.toContain('evil');
        expect(part).not.toContain('https://evil');
      }
      expect(letters!.text).toContain('Olá, Ana-Luísa!');
      expect(letters!.html).toContain('Olá, Ana-Luísa!');
      expect(digits!.text).toContain('Olá!');
      expect(digits!.text).not.toContain('0800');
    });
  });
}

for (const database of databases) {
  describe(`the daily PIX e-mail quota across instances on ${database.name}`, () => {
    it(`grants ${PIX_EMAILS_PER_ADDRESS_PER_DAY} of 40 concurrent sends to one address from two instances, and a retry keeps its slot`, async () => {
      const db = await database.create();
      // A second instance: its own connection (pool) to the same database.
      const target = 'file' in db ? { kind: 'sqlite' as const, file: db.file } : { kind: 'postgres' as const, url: db.url };
      const other = openDatabase(target);
      try {
        const now = Date.now();
        const instances = [db.db, other.db];
        const granted = await Promise.all(
          Array.from({ length: 40 }, (_, n) =>
            takePixEmailQuota(instances[n % 2]!, { email: 'Alvo@Example.com ', orderId: `ord_quota_${n}`, kind: 'pix_ready' }, now),
          ),
        );
        expect(granted.filter(Boolean)).toHaveLength(PIX_EMAILS_PER_ADDRESS_PER_DAY);
        const winner = granted.indexOf(true);
        // The same message again (the outbox retrying a failed send) still holds its slot; a new one gets none.
        expect(
          await takePixEmailQuota(other.db, { email: 'alvo@example.com', orderId: `ord_quota_${winner}`, kind: 'pix_ready' }, now),
        ).toBe(true);
        expect(await takePixEmailQuota(db.db, { email: 'alvo@example.com', orderId: 'ord_quota_new', kind: 'pix_ready' }, now)).toBe(false);
      } finally {
        await other.close();
        await db.close();
      }
    });
  });
}

describe('PIX_REMINDER_MINUTES', () => {
  it('empty sends "Seu PIX está pronto" and no reminder at all', async () => {
    const smtp = await startSmtpServer();
    const db = await databases[0].create();
    let clock = Date.now();
    const server = await startTestServer(db, { SMTP_URL: smtp.url, PIX_REMINDER_MINUTES: '' }, { now: () => clock });
    try {
      const response = await fetch(`${server.url}/api/orders`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...uniqueBuyer(), checkoutKey: newCheckoutKey() }),
      });
      expect(response.status).toBe(201);
      await server.background.idle();
      clock += 23 * 60 * MINUTE;
      await server.outbox.runOnce();
      expect(smtp.received.map((mail) => decodeHeader(parseMail(mail.raw).headers.get('subject') ?? ''))).toEqual(['Seu PIX está pronto']);
      expect(await db.db.selectFrom('outbox').select('kind').execute()).toEqual([{ kind: 'pix_ready' }]);
    } finally {
      await server.stop();
      await db.close();
      await smtp.stop();
    }
  });
});
