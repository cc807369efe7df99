/** GET /api/access — the member page's data, as the server sends it and the client reads it. */

/** One supplier of the list. */
export interface MemberSupplier {
  id: string;
  name: string;
  category: string;
  offer: string;
  /** Digits with country code, for https://wa.me/<digits>. */
  whatsapp: string | null;
  /** A https://t.me/… link. */
  telegram: string | null;
  notes: string | null;
}

/** 200 from GET /api/access. */
export interface MemberArea {
  firstName: string;
  /** When the seller last imported the list (epoch ms); null before the first import. */
  updatedAt: number | null;
  /** Ordered by category, then by the seller's file order. */
  suppliers: MemberSupplier[];
  supportEmail: string;
}
