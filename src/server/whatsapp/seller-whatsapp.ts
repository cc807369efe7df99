import type { Config } from '../config/config.ts';
import type { OutboxHandler } from '../outbox/outbox-kinds.ts';
import type { ClaimedMessage } from '../outbox/outbox-repository.ts';
import { MessageNotNeededError } from '../outbox/outbox-worker.ts';
import { sendTemplate, type TemplateMessage } from './cloud-api.ts';

type SellerTemplate = Omit<TemplateMessage, 'to' | 'language'>;
type SellerTarget = NonNullable<Config['disputeAlertWhatsapp']>;

/**
 * A template to the seller's own number (DISPUTE_ALERT_WHATSAPP), never a buyer's; `compose` reads the row again and
 * throws MessageNotNeededError when nothing is left to say. Without the Cloud API set nothing goes, as for buyers.
 */
export function sellerWhatsappHandler(
  config: Pick<Config, 'whatsapp' | 'disputeAlertWhatsapp'>,
  compose: (row: ClaimedMessage, target: SellerTarget) => Promise<SellerTemplate>,
): OutboxHandler {
  const { cloud } = config.whatsapp;
  return {
    channel: 'whatsapp',
    mode: cloud ? 'cloud_api' : 'simulated',
    async deliver(row) {
      const target = config.disputeAlertWhatsapp;
      if (!target) throw new MessageNotNeededError('no alert number set');
      const message = await compose(row, target);
      if (!cloud) return { recipient: 'simulated' };
      await sendTemplate(cloud, { ...message, to: target.to, language: config.whatsapp.language });
      return { recipient: 'seller' };
    },
  };
}
