import { afterAll, beforeAll, expect, it } from 'vitest';
import { uniqueBuyer } from '../support/clients.ts';
import { buyAndPayInSandbox, readOrder } from '../support/fault-kit.ts';
import { waitFor } from '../support/wait.ts';
import { startServer, type RunningServer } from '../support/server-process.ts';
import { decodeHeader, parseMail } from '../integration/mime.ts';
import { isPixEmail, startSmtpServer, type TestSmtpServer } from '../integration/smtp-test-server.ts';

const SELLER = 'vendas@example.com';
let smtp: TestSmtpServer;
let server: RunningServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  // The demo's sandbox gateway: "Simular pagamento" marks the charge paid and posts back.
  server = await startServer({ SMTP_URL: smtp.url, SUPPORT_EMAIL: SELLER });
});
afterAll(async () => {
  await server.stop();
  await smtp.stop();
});

it('two paid orders for one e-mail: both honoured, the second flagged, one alert e-mail to the seller', async () => {
  const buyer = uniqueBuyer('Iara Campos');
  const first = await buyAndPayInSandbox(server, buyer);
  const second = await buyAndPayInSandbox(server, { ...buyer, phone: '(41) 99654-3210' });

  // (Besides the two "Seu PIX está pronto", which tests/integration/pix-emails/pix-emails.test.ts covers.)
  const received = () => smtp.received.filter((mail) => !isPixEmail(mail));
  await waitFor('three e-mails (two accesses, one alert)', () => received().length >= 3, 20_000);
  await new Promise((resolve) => setTimeout(resolve, 6_000)); // a later outbox poll adds nothing
  expect((await readOrder(server.dataDir, first.id)).duplicate_of).toBeNull();
  expect((await readOrder(server.dataDir, second.id)).duplicate_of).toBe(first.id);
  expect(received().filter((mail) => mail.to.includes(buyer.email))).toHaveLength(2);
  const alerts = received().filter((mail) => mail.to.includes(SELLER));
  expect(alerts).toHaveLength(1);
  expect(decodeHeader(parseMail(alerts[0]!.raw).headers.get('subject')!)).toBe(
    `Pagamento em duplicidade: reembolsar o pedido ${second.id}`,
  );
});
