import { emailSchema } from './checkout.ts';
import type { GuaranteeView } from './refunds.ts';
import type { MemberReview } from './reviews.ts';
import type { ListKey, Supplier } from './suppliers.ts';
import { z } from './zod.ts';

/** GET /api/access — the member page's data, as the server sends it and the client reads it. */

export interface MemberSupplier extends Supplier {
  id: string;
}

/** One more list the order opens besides the main one (the order bump's), with its own search on the page. */
export interface MemberList {
  key: ListKey;
  updatedAt: number | null;
  example: boolean;
  suppliers: MemberSupplier[];
}

export interface MemberArea {
  firstName: string;
  updatedAt: number | null;
  /** By category, then by the seller's file order. */
  suppliers: MemberSupplier[];
  example: boolean;
  extraLists: MemberList[];
  supportEmail: string;
  guarantee: GuaranteeView;
  review: MemberReview;
}

/** 401 from GET /api/access: no cookie, or its order is no longer paid; the page still shows where to write. */
export interface MemberAreaRefusal {
  error: string;
  supportEmail: string;
  /** The order was refunded: the page says "Acesso encerrado" rather than "link inválido". */
  ended?: boolean;
}

/** `/acesso/{token}` of a refunded order redirects to `/acesso?${ACCESS_ENDED_QUERY}`, with no cookie. */
export const ACCESS_ENDED_QUERY = 'encerrado';

/** POST /api/access/resend. The same e-mail rule as the checkout form, so the address is normalised the way orders store it. */
export const ResendAccessSchema = z.object({ email: emailSchema() });
