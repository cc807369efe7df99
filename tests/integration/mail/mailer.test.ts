import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderAccessEmail } from '../../../src/server/access/access-email.ts';
import { createMailer, MailDeliveryError } from '../../../src/server/mail/mailer.ts';
import { captureLogger } from '../mail-test-support.ts';
import { decodeHeader, parseMail } from '../mime.ts';
import { startSmtpServer, type TestSmtpServer } from '../smtp-test-server.ts';

const BUYER = 'maria.comprador@example.com';
const ACCESS_URL = 'http://localhost:3000/acesso/tok_mailer_test_0123456789';

function accessMessage(orderId: string) {
  return {
    to: BUYER,
    messageId: `<order-${orderId}@vitrine>`,
    demoLink: ACCESS_URL,
    ...renderAccessEmail({
      buyerName: 'Maria Comprador',
      accessUrl: ACCESS_URL,
      supportEmail: 'suporte@example.com',
      productName: 'Lista de Fornecedores Secretos Vitalícia',
    }),
  };
}

describe('mailer without SMTP (file mode)', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes a parseable .eml named after the Message-ID, and in the demo logs the link but not the address', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-mail-'));
    dirs.push(dataDir);
    const { logger, lines } = captureLogger();
    const mailer = createMailer({ from: 'Vitrine <suporte@example.com>', dataDir, logger, demoMode: true });
    expect(mailer.mode).toBe('file');

    await mailer.send(accessMessage('ord_file_1'));
    await mailer.send(accessMessage('ord_file_1')); // a retry lands in the same file
    mailer.close();

    const outbox = path.join(dataDir, 'outbox');
    expect(fs.readdirSync(outbox)).toEqual(['order-ord_file_1@vitrine.eml']);
    const raw = fs.readFileSync(path.join(outbox, 'order-ord_file_1@vitrine.eml'), 'utf8');
    expect(raw).toContain('\r\n'); // RFC 5322 line ends
    const mail = parseMail(raw);
    expect(mail.headers.get('message-id')).toBe('<order-ord_file_1@vitrine>');
    expect(mail.headers.get('to')).toBe(BUYER);
    expect(mail.headers.get('from')).toBe('Vitrine <suporte@example.com>');
    expect(decodeHeader(mail.headers.get('subject') ?? '')).toBe('Seu acesso à Lista de Fornecedores Secretos Vitalícia está liberado');
    expect(mail.text).toContain('Olá, Maria!');
    expect(mail.text).toContain(ACCESS_URL);
    expect(mail.html).toContain(`href="${ACCESS_URL}"`);

    const log = lines.join('\n');
    expect(log).toContain(ACCESS_URL);
    expect(log).toContain('m***@example.com');
    expect(log).not.toContain(BUYER);
  });

  it('logs no link outside the demo: it is a buyer’s credential', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-mail-'));
    dirs.push(dataDir);
    const { logger, lines } = captureLogger();
    const mailer = createMailer({ from: 'Vitrine <suporte@example.com>', dataDir, logger });
    await mailer.send(accessMessage('ord_file_3'));
    mailer.close();
    expect(fs.readFileSync(path.join(dataDir, 'outbox', 'order-ord_file_3@vitrine.eml'), 'utf8')).toContain(ACCESS_URL);
    const log = lines.join('\n');
    expect(log).toContain('mail written to file');
    expect(log).not.toContain('tok_mailer_test');
  });

  it('fails with a MailDeliveryError when the folder cannot be written', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-mail-'));
    dirs.push(dataDir);
    fs.writeFileSync(path.join(dataDir, 'outbox'), 'a file where the folder should be');
    const mailer = createMailer({ from: 'suporte@example.com', dataDir, logger: captureLogger().logger });
    await expect(mailer.send(accessMessage('ord_file_2'))).rejects.toBeInstanceOf(MailDeliveryError);
  });
});

describe('mailer with SMTP', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.stop();
  });

  it('delivers the message to a real SMTP server, and never logs the link or the address', async () => {
    const { logger, lines } = captureLogger();
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'Vitrine <suporte@example.com>', dataDir: '/nonexistent', logger });
    expect(mailer.mode).toBe('smtp');
    await mailer.send(accessMessage('ord_smtp_1'));
    mailer.close();

    expect(smtp.received).toHaveLength(1);
    const [received] = smtp.received;
    expect(received!.to).toEqual([BUYER]);
    expect(received!.from).toBe('suporte@example.com');
    const mail = parseMail(received!.raw);
    expect(mail.headers.get('message-id')).toBe('<order-ord_smtp_1@vitrine>');
    expect(mail.text).toContain(ACCESS_URL);

    const log = lines.join('\n');
    expect(log).not.toContain(ACCESS_URL);
    expect(log).not.toContain(BUYER);
  });

  it('fails fast when the server refuses the message, with the address masked in the error', async () => {
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: 'suporte@example.com',
      dataDir: '/nonexistent',
      logger: captureLogger().logger,
    });
    smtp.rejectWith = `mailbox of ${BUYER} is busy`;
    try {
      const failure = await mailer.send(accessMessage('ord_smtp_2')).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(MailDeliveryError);
      expect((failure as Error).message).toContain('451');
      expect((failure as Error).message).not.toContain(BUYER);
    } finally {
      smtp.rejectWith = undefined;
      mailer.close();
    }
  });

  it('fails within seconds when nothing listens on the SMTP port', async () => {
    const down = await startSmtpServer();
    await down.stop();
    const mailer = createMailer({
      smtpUrl: down.url,
      from: 'suporte@example.com',
      dataDir: '/nonexistent',
      logger: captureLogger().logger,
    });
    const started = Date.now();
    await expect(mailer.send(accessMessage('ord_smtp_3'))).rejects.toBeInstanceOf(MailDeliveryError);
    expect(Date.now() - started).toBeLessThan(6_000);
    mailer.close();
  });
});
