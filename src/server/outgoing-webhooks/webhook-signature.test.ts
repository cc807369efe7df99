import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { signWebhook, webhookHeaders, webhookKey } from './webhook-signature.ts';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

describe('Standard Webhooks signing', () => {
  it('signs exactly as the reference library does', () => {
    const body = '{"type":"order.paid"}';
    const timestamp = 1_700_000_000;
    expect(signWebhook(webhookKey(SECRET), 'msg_1', timestamp, body)).toBe(
      new Webhook(SECRET).sign('msg_1', new Date(timestamp * 1000), body),
    );
  });

  it('produces headers the reference verification accepts', () => {
    const body = '{"type":"order.created","data":{"id":"ord_1"}}';
    const headers = webhookHeaders(webhookKey(SECRET), 'msg_2', Math.floor(Date.now() / 1000), body);
    expect(new Webhook(SECRET).verify(body, headers)).toEqual({ type: 'order.created', data: { id: 'ord_1' } });
  });
});
