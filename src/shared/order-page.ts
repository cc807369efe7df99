import type { CreatedOrder, OrderItem } from './checkout.ts';
import type { GuaranteeView } from './refunds.ts';

/** The reference also reaches trackers: only the e-mailed contact key adds the buyer's data. */
export type OrderPageReply =
  | ({ status: 'pending' } & Pick<CreatedOrder, 'amountCents' | 'pix' | 'expiresAt' | 'serverTime' | 'sandboxPayUrl'> & OrderPageItems)
  | ({
      status: 'paid';
      maskedEmail: string | null;
      guarantee: GuaranteeView;
      canRequestHere: boolean;
    } & OrderPageItems)
  | {
      status: 'expired' | 'failed';
      amountCents: number;
      prefill?: OrderPrefill;
      /** This code was retired by a newer checkout: the public reference of the order whose code is the live one. */
      replacedBy?: string;
    }
  | { status: 'reversed' };

interface OrderPageItems {
  items?: OrderItem[];
}

export interface OrderPrefill {
  name: string;
  email: string;
  phone: string;
}

/** From the e-mailed link's fragment `#k=`. */
export const ORDER_CONTACT_KEY_HEADER = 'X-Order-Contact';

export const PUBLIC_REF_PATTERN = /^ref_[A-Za-z0-9_-]{16,64}$/;
