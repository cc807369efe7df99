import type { CreatedOrder, OrderItem } from './checkout.ts';
import type { GuaranteeView } from './refunds.ts';

/**
 * The reference also reaches trackers, so this never carries the order id, an access link or the
 * buyer's data in full; only the e-mailed contact key adds the data a new checkout is filled in with.
 */
export type OrderPageReply =
  | ({ status: 'pending' } & Pick<CreatedOrder, 'amountCents' | 'pix' | 'expiresAt' | 'serverTime' | 'sandboxPayUrl'> & OrderPageItems)
  | ({
      status: 'paid';
      /** e.g. `j•••@example.com`; null once the address was erased. */
      maskedEmail: string | null;
      /** Without the contact key, the window alone: `request` is null whatever the buyer did. */
      guarantee: GuaranteeView;
      canRequestHere: boolean;
    } & OrderPageItems)
  | { status: 'expired' | 'failed'; amountCents: number; prefill?: OrderPrefill }
  | { status: 'reversed' };

interface OrderPageItems {
  items?: OrderItem[];
}

export interface OrderPrefill {
  name: string;
  email: string;
  phone: string;
}

/** The header with which the order page shows the key from its e-mailed link (the URL fragment `#k=`). */
export const ORDER_CONTACT_KEY_HEADER = 'X-Order-Contact';

/** The shape of a public reference (`ref_` + 128 random bits, base64url). */
export const PUBLIC_REF_PATTERN = /^ref_[A-Za-z0-9_-]{16,64}$/;
