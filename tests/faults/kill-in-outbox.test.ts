import type SQLite from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { accessEmailSentAt, openServerDb, postback, startKillRig, type KillRig } from '../support/fault-kit.ts';
import { waitFor } from '../support/wait.ts';
import { parseMail } from '../integration/mime.ts';

let rig: KillRig;

beforeAll(async () => {
  rig = await startKillRig('outbox');
});
afterAll(async () => {
  await rig.close();
});

it('kill -9 after the mail server accepted and before the row was marked sent: at most two deliveries, with one Message-ID', async () => {
  const { smtp, dataDir } = rig;
  const { ledger, server, order } = await rig.placePendingOrder('Beto Lima');

  // Just before the mail server answers 250, the test takes the database's write lock, so the
  // server cannot record the delivery; it is killed the moment the message is accepted.
  let lock: SQLite.Database | undefined;
  smtp.holdData = async () => {
    lock = openServerDb(dataDir);
    lock.exec('begin immediate');
  };
  let killed!: Promise<unknown>;
  const accepted = new Promise<void>((resolve) => {
    smtp.onAccepted = () => {
      killed = server.kill('SIGKILL');
      resolve();
    };
  });
  ledger.pay(order.charge_id!);
  expect(await postback(server.url, order, { hash: order.charge_id, payment_status: 'paid' })).toBe(200);
  await accepted;
  await killed;
  smtp.holdData = undefined;
  smtp.onAccepted = undefined;
  lock!.exec('rollback');
  lock!.close();
  expect(smtp.received).toHaveLength(1);
  expect(await accessEmailSentAt(dataDir, order.id)).toBeNull();

  await rig.start();
  await waitFor('the row marked sent after the re-send', async () => (await accessEmailSentAt(dataDir, order.id)) != null, 150_000, 1_000);
  await new Promise((resolve) => setTimeout(resolve, 6_000));
  expect(smtp.received.length).toBeGreaterThanOrEqual(1);
  expect(smtp.received.length).toBeLessThanOrEqual(2);
  const ids = new Set(smtp.received.map((mail) => parseMail(mail.raw).headers.get('message-id')));
  expect([...ids]).toEqual([`<access-${order.id}-access_email@vitrine>`]);
});
