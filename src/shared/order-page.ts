import type { CreatedOrder, OrderItem } from './checkout.ts';
import type { GuaranteeView } from './refunds.ts';

/**
 * GET /api/order-page/{ref}: what the order page (`/pedido/{ref}`) shows, and nothing more. The
 * reference is e-mailed to the buyer and also reaches trackers (Purchase event id), so the reply
 * never carries the order id, an access link or the buyer's data in full; only the e-mail's
 * contact key (ORDER_CONTACT_KEY_HEADER) adds the data a new checkout is filled in with.
 */
export type OrderPageReply =
  | ({ status: 'pending' } & Pick<CreatedOrder, 'amountCents' | 'pix' | 'expiresAt' | 'serverTime' | 'sandboxPayUrl'> & OrderPageItems)
  | ({
      status: 'paid';
      /** e.g. `j•••@example.com`; null once the address was erased. */
      maskedEmail: string | null;
      /**
       * The guarantee. Its request only with the contact key: without it, the window alone
       * (`canRequest` says it is open, `request` is null), whatever the buyer did.
       */
      guarantee: GuaranteeView;
      /** The page holds the e-mailed contact key, so "Pedir reembolso" can be sent from here. */
      canRequestHere: boolean;
    } & OrderPageItems)
  | { status: 'expired' | 'failed'; amountCents: number; prefill?: OrderPrefill }
  | { status: 'reversed' };

/** What the order holds (the main product, and the bump when bought); the page lists them when sent. */
interface OrderPageItems {
  items?: OrderItem[];
}

/** The buyer's data for "Gerar novo PIX" (phone as digits). */
export interface OrderPrefill {
  name: string;
  email: string;
  phone: string;
}

/** The header with which the order page shows the key from its e-mailed link (the URL fragment `#k=`). */
export const ORDER_CONTACT_KEY_HEADER = 'X-Order-Contact';

/** The shape of a public reference (`ref_` + 128 random bits, base64url). */
export const PUBLIC_REF_PATTERN = /^ref_[A-Za-z0-9_-]{16,64}$/;
