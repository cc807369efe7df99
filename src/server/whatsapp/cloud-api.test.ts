import { describe, expect, it } from 'vitest';
import { classifyCloudApiCode, CloudApiError, templateRequestBody } from './cloud-api.ts';

describe('the Cloud API client', () => {
  it("writes a template message as Meta's documentation shows it, each variable on one line", () => {
    expect(
      templateRequestBody({
        to: '5511987654321',
        template: 'vitrine_pix',
        language: 'pt_BR',
        body: ['Joana\tMaria', 'R$\u00a019,90', '  a\n\nb     c  '],
        urlSuffix: 'ref_1',
        callbackData: 'wam_1',
      }),
    ).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '5511987654321',
      type: 'template',
      biz_opaque_callback_data: 'wam_1',
      template: {
        name: 'vitrine_pix',
        language: { code: 'pt_BR' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Joana Maria' },
              { type: 'text', text: 'R$ 19,90' },
              { type: 'text', text: 'a b c' },
            ],
          },
          { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: 'ref_1' }] },
        ],
      },
    });
  });

  it("reads Meta's error codes into what to do: end WhatsApp for the order, try again later, or give up on the message", () => {
    expect(classifyCloudApiCode(131026, 400)).toBe('undeliverable');
    expect(classifyCloudApiCode(100, 400, 2494010)).toBe('undeliverable');
    for (const code of [132000, 132001, 132015, 132016]) expect(classifyCloudApiCode(code, 400)).toBe('template');
    for (const code of [130429, 131056, 131048, 80007, 4]) expect(classifyCloudApiCode(code, 400)).toBe('rate_limited');
    expect(classifyCloudApiCode(null, 429)).toBe('rate_limited');
    for (const code of [190, 0, 10, 200]) expect(classifyCloudApiCode(code, 401)).toBe('auth');
    for (const code of [1, 2, 131000]) expect(classifyCloudApiCode(code, 500)).toBe('server');
    expect(classifyCloudApiCode(null, 502)).toBe('server');
    expect(classifyCloudApiCode(100, 400)).toBe('rejected');
    expect(classifyCloudApiCode(null, 400)).toBe('rejected');
    expect(new CloudApiError('rate_limited', 130429, 429).retryable).toBe(true);
    expect(new CloudApiError('template', 132015, 400).retryable).toBe(false);
    expect(new CloudApiError('undeliverable', 131026, 400).retryable).toBe(false);
  });
});
