import { emailSchema } from './checkout.ts';
import type { GuaranteeView } from './refunds.ts';
import type { MemberReview } from './reviews.ts';
import type { ListKey, Supplier } from './suppliers.ts';
import { z } from './zod.ts';

/** GET /api/access — the member page's data, as the server sends it and the client reads it. */

/** One supplier of the list, with its id. */
export interface MemberSupplier extends Supplier {
  id: string;
}

/** One more list the order opens besides the main one (the order bump's), with its own search on the page. */
export interface MemberList {
  key: ListKey;
  /** When the seller last imported this list (epoch ms); null before its first import. */
  updatedAt: number | null;
  /** The demo's example set: the page says "Exemplo" above the list. */
  example: boolean;
  /** Ordered by category, then by the seller's file order. */
  suppliers: MemberSupplier[];
}

/** 200 from GET /api/access. */
export interface MemberArea {
  firstName: string;
  /** When the seller last imported the main list (epoch ms); null before the first import. */
  updatedAt: number | null;
  /** The main list, ordered by category, then by the seller's file order. */
  suppliers: MemberSupplier[];
  /** Whether the main list is the demo's example set: the page says "Exemplo" above it. */
  example: boolean;
  /** The other lists the order opens (a paid bump's), in the order the page shows them; usually none. */
  extraLists: MemberList[];
  supportEmail: string;
  /** The guarantee: "Pedir reembolso" while it is open, the request once made. */
  guarantee: GuaranteeView;
  /** The review card: write one, or see and withdraw one's own (docs/reviews.md). */
  review: MemberReview;
}

/** 401 from GET /api/access: no cookie, or its order is no longer paid; the page still shows where to write. */
export interface MemberAreaRefusal {
  error: string;
  supportEmail: string;
  /** The order was refunded: the page says "Acesso encerrado" rather than "link inválido". */
  ended?: boolean;
}

/**
 * `/acesso/{token}` of a refunded order redirects to `/acesso?${ACCESS_ENDED_QUERY}` (no cookie):
 * the page says the access ended with the refund.
 */
export const ACCESS_ENDED_QUERY = 'encerrado';

/** POST /api/access/resend. The same e-mail rule as the checkout form, so the address is normalised the way orders store it. */
export const ResendAccessSchema = z.object({ email: emailSchema() });
