import { describe, expect, it } from 'vitest';
import { uniqueBuyer } from '../../support/clients.ts';
import { outboxRows, pixEmailQuotaRows, setOrderColumns, wholeOutbox } from '../../support/db-reads.ts';
import { PIX_EMAILS_PER_ADDRESS_PER_DAY, takePixEmailQuota } from '../../../src/server/pix-emails/pix-email-quota.ts';
import { parseMail, decodeHeader, type ParsedMail } from '../mime.ts';
import { buy, sandboxSays } from '../../support/purchase.ts';
import { databases } from '../test-db.ts';
import { openSameDatabase, useTestServer } from '../../support/test-server.ts';

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
    // Close to the real time: the sandbox gateway stamps its charges with the real clock.
    const running = useTestServer(
      database,
      { PIX_REMINDER_MINUTES: '60,1200', SUPPORT_EMAIL: 'suporte@loja.example.com' },
      { smtp: true, clock: 'now', each: true },
    );
    const mails = () => running.smtp.received.map((mail) => ({ to: mail.to, ...parseMail(mail.raw) }));
    const subjectOf = (mail: ParsedMail) => decodeHeader(mail.headers.get('subject') ?? '');

    async function checkout(buyer = uniqueBuyer()): Promise<Checkout & { email: string }> {
      const { reply } = await buy<Checkout>(running.server, { buyer });
      // The charge hands the outbox a run right away ("Seu PIX está pronto" must not wait for a poll).
      await running.server.background.idle();
      return { ...reply, email: buyer.email };
    }

    const reminderRows = (orderId: string) => outboxRows(running.db, orderId, 'pix_reminder:%');

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
      const page = (await (await fetch(`${running.server.url}/api/order-page/${order.publicRef}`)).json()) as Record<string, unknown>;
      expect(page).toMatchObject({ status: 'pending', amountCents: 1990, expiresAt: order.expiresAt, pix: { code: order.pix.code } });
      // The page's API never hands out the order id (which opens the modal's status) or an access link.
      expect(JSON.stringify(page)).not.toContain(order.orderId);
    });

    it('sends a reminder at 60 minutes with a one-click opt-out, and none after payment', async () => {
      const order = await checkout();
      running.clock.now += 59 * MINUTE;
      expect(await running.server.outbox.runOnce()).toBe(0);
      running.clock.now += MINUTE;
      expect(await running.server.outbox.runOnce()).toBe(1);
      const reminder = mails()[1]!;
      expect(subjectOf(reminder)).toBe('Seu PIX de R$\u00a019,90 ainda aguarda pagamento');
      expect(reminder.text).toContain(order.pix.code);
      const unsubscribe = /^<(https?:\/\/[^>]+)>$/.exec(reminder.headers.get('list-unsubscribe') ?? '')?.[1];
      expect(unsubscribe).toMatch(new RegExp(`/pedido/${order.publicRef}/lembretes/[\\w-]{32}$`));
      expect(reminder.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      expect(reminder.text).toContain(`Não quero mais lembretes: ${unsubscribe}`);
      expect(reminder.html).toContain(`href="${unsubscribe}"`);

      await sandboxSays(running.server, running.db, order.orderId);
      // The access e-mail went out; the 1200-minute reminder is gone at once, not only skipped later.
      expect(mails().map(subjectOf)).toContain('Seu acesso à Lista de Fornecedores Secretos Vitalícia está liberado');
      expect((await reminderRows(order.orderId)).filter((row) => row.sent_at === null)).toEqual([]);
      const sentBefore = mails().length;
      running.clock.now += 1200 * MINUTE;
      await running.server.outbox.runOnce();
      expect(mails()).toHaveLength(sentBefore);
    });

    it('sends no reminder once the buyer opted out; a GET alone (a mail scanner) opts nobody out', async () => {
      const order = await checkout();
      const ready = mails()[0]!;
      expect(ready.text).not.toContain('/lembretes/');
      // The opt-out link as the first reminder carries it.
      running.clock.now += 60 * MINUTE;
      await running.server.outbox.runOnce();
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

      running.clock.now += 1200 * MINUTE;
      await running.server.outbox.runOnce();
      expect(mails()).toHaveLength(2);
      // A second click says the same and changes nothing.
      expect((await fetch(optOut, { method: 'POST', body: 'List-Unsubscribe=One-Click' })).status).toBe(200);
    });

    it('checks the order again at send time: a reminder due after the PIX expired is dropped, not sent', async () => {
      const order = await checkout();
      // The gateway's expiry came earlier than the reminder (the row was queued while it was payable).
      await setOrderColumns(running.db, order.orderId, { expires_at: running.clock.now + 30 * MINUTE });
      running.clock.now += 60 * MINUTE;
      expect(await running.server.outbox.runOnce()).toBe(0);
      expect(mails()).toHaveLength(1);
      // Dropped, not parked as undeliverable: the console's health check stays green.
      const rows = await outboxRows(running.db, order.orderId);
      expect(rows.map((r) => r.kind).sort()).toEqual(['pix_ready', 'pix_reminder:1200']);
    });

    it(`sends one address at most ${PIX_EMAILS_PER_ADDRESS_PER_DAY} PIX e-mails a day, however many orders strangers place for it`, async () => {
      const victim = `alvo.${process.pid}.${Date.now()}@example.com`;
      for (let attempt = 0; attempt < 5; attempt++) {
        // Each from a client of its own, with its own phone: only the address is the same.
        const { orderId } = await buy(running.server, { buyer: { ...uniqueBuyer(`Atacante ${attempt}`), email: victim } });
        await running.server.background.idle();
        // The code expires (a gateway's short expiry), so the next order for the address is a new charge.
        await setOrderColumns(running.db, orderId, { expires_at: running.clock.now - 1 });
      }
      await running.server.outbox.runOnce();
      const toVictim = running.smtp.received.filter((mail) => mail.to.includes(victim));
      expect(toVictim).toHaveLength(PIX_EMAILS_PER_ADDRESS_PER_DAY);
      expect(toVictim.map((mail) => subjectOf(parseMail(mail.raw)))).toEqual(
        Array(PIX_EMAILS_PER_ADDRESS_PER_DAY).fill('Seu PIX está pronto'),
      );
      // The skipped ones are dropped (not parked as failures) and logged without the address.
      const waiting = (await wholeOutbox(running.db, 'pix_ready')).filter((row) => row.sent_at === null);
      expect(waiting).toEqual([]);
      expect(running.server.logLines.filter((entry) => entry.line.includes('had its PIX e-mails for today'))).toHaveLength(2);
      expect(running.server.logLines.some((entry) => entry.line.includes(victim))).toBe(false);
      // Only a hash of the address is kept to count.
      const quota = await pixEmailQuotaRows(running.db);
      expect(quota).toHaveLength(PIX_EMAILS_PER_ADDRESS_PER_DAY);
      expect(JSON.stringify(quota)).not.toContain(victim);

      // Another address is not affected.
      await checkout();
      expect(running.smtp.received.filter((mail) => !mail.to.includes(victim))).toHaveLength(1);
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
      const other = openSameDatabase(db);
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
  const running = useTestServer(databases[0], { PIX_REMINDER_MINUTES: '' }, { smtp: true, clock: 'now' });

  it('empty sends "Seu PIX está pronto" and no reminder at all', async () => {
    const { server } = running;
    await buy(server);
    await server.background.idle();
    running.clock.now += 23 * 60 * MINUTE;
    await server.outbox.runOnce();
    expect(running.smtp.received.map((mail) => decodeHeader(parseMail(mail.raw).headers.get('subject') ?? ''))).toEqual([
      'Seu PIX está pronto',
    ]);
    expect((await wholeOutbox(running.db)).map((row) => ({ kind: row.kind }))).toEqual([{ kind: 'pix_ready' }]);
  });
});
