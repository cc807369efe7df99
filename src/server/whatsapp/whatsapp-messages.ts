import { whatsappNameFallback, whatsappTemplates } from '../../content/whatsapp.ts';
import { formatBRL } from '../../shared/money.ts';
import { greetingName } from '../mail/email-parts.ts';
import { formatExpiry } from '../../shared/time.ts';
import { whatsappStopUrl } from '../orders/order-links.ts';
import type { OrderRow } from '../orders/orders-repository.ts';

/** Read from the order when a message goes; content/whatsapp.ts prints the texts they fill. */
export type AutomaticMessageKind = keyof typeof whatsappTemplates;

export interface MessageVariables {
  body: string[];
  /** The URL button's variable: the order's reference, or the access link's key. */
  urlSuffix: string;
}

type MessageOrder = Pick<OrderRow, 'id' | 'public_ref' | 'postback_secret' | 'buyer_name' | 'amount_cents' | 'pix_code' | 'expires_at'>;

export function messageVariables(
  kind: AutomaticMessageKind,
  order: MessageOrder,
  links: {
    publicUrl: string;
    accessToken?: string;
    /** As the order was placed (purchase/purchase-items.ts `productNameOf`). */ productName: string;
  },
): MessageVariables {
  // The first name only when a word of letters: a URL typed as a name never reaches a stranger.
  const name = greetingName(order.buyer_name) || whatsappNameFallback;
  const stop = whatsappStopUrl(links.publicUrl, order);
  switch (kind) {
    case 'pix':
      return {
        body: [name, formatBRL(order.amount_cents), links.productName, order.pix_code ?? '', formatExpiry(order.expires_at), stop],
        urlSuffix: order.public_ref,
      };
    case 'reminder':
      return {
        body: [name, formatBRL(order.amount_cents), links.productName, formatExpiry(order.expires_at), stop],
        urlSuffix: order.public_ref,
      };
    case 'access':
      return { body: [name, links.productName, stop], urlSuffix: links.accessToken ?? '' };
  }
}

/** The access link's key is never stored, so the console's preview of that message shows no link. */
export function previewText(kind: AutomaticMessageKind, variables: MessageVariables, publicUrl: string): string {
  const template = whatsappTemplates[kind];
  const body = template.body.replace(/\{\{(\d{1,2})\}\}/g, (_, index: string) => variables.body[Number(index) - 1] ?? '');
  // The button's URL as registered at Meta: the site's address, the template's path, the variable.
  const target = variables.urlSuffix ? ` ${publicUrl}${template.button.path}${variables.urlSuffix}` : '';
  return `${body}\n\n[${template.button.text}]${target}`;
}
