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
      /** Only with the e-mailed key: paid by the PIX code and in the bank's app, the bank's payment goes back (its amount). */
      bankReturnedCents?: number;
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
  /**
   * Only with the e-mailed key: the order the page acts on after the bank (save the vínculo, the add-on, another
   * bank), which routes/order-actor.ts lets that key do as the checkout's tab would.
   */
  orderId?: string;
}

export interface OrderPrefill {
  name: string;
  email: string;
  phone: string;
}

export { ORDER_CONTACT_KEY_HEADER } from './order-view-key.ts';

export const PUBLIC_REF_PATTERN = /^ref_[A-Za-z0-9_-]{16,64}$/;
