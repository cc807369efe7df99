import { afterAll, beforeAll, expect, it } from 'vitest';
import { accessEmailSentAt, postback, readOrder, startKillRig, type KillRig } from '../support/fault-kit.ts';
import { waitFor } from '../support/wait.ts';
import { parseMail } from '../integration/mime.ts';

let rig: KillRig;

beforeAll(async () => {
  rig = await startKillRig('paid');
});
afterAll(async () => {
  await rig.close();
});

it('kill -9 after the payment was recorded and before the e-mail went out: after restart exactly one e-mail arrives', async () => {
  const { smtp, dataDir } = rig;
  const { ledger, server, buyer, order } = await rig.placePendingOrder('Carla Dias');

  // The mail server takes the message but holds its answer to DATA: the send is in flight.
  let dataArrived!: () => void;
  const arrived = new Promise<void>((resolve) => (dataArrived = resolve));
  let releaseData!: () => void;
  const released = new Promise<void>((resolve) => (releaseData = resolve));
  smtp.holdData = () => {
    dataArrived();
    return released;
  };
  ledger.pay(order.charge_id!);
  expect(await postback(server.url, order, { hash: order.charge_id, payment_status: 'paid' })).toBe(200);
  await arrived;
  expect((await readOrder(dataDir, order.id)).status).toBe('paid');
  expect(await accessEmailSentAt(dataDir, order.id)).toBeNull();

  const closedBefore = smtp.connectionsClosed;
  await server.kill('SIGKILL');
  await waitFor("the dead sender's connection to close", () => smtp.connectionsClosed > closedBefore, 10_000, 50);
  smtp.holdData = undefined;
  releaseData(); // the dead sender's half-sent message is not delivered
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(smtp.received).toHaveLength(0);

  await rig.start();
  // The dead process's lease (90 s on the database clock) runs out, then the restarted one sends.
  await waitFor('the access e-mail', () => smtp.received.length > 0, 150_000, 1_000);
  await waitFor('the outbox row marked sent', async () => (await accessEmailSentAt(dataDir, order.id)) != null, 10_000);
  // Another poll or two changes nothing.
  await new Promise((resolve) => setTimeout(resolve, 6_000));
  expect(smtp.received).toHaveLength(1);
  expect(smtp.received[0]!.to).toEqual([buyer.email]);
  expect(parseMail(smtp.received[0]!.raw).headers.get('message-id')).toBe(`<access-${order.id}-access_email@vitrine>`);
});
