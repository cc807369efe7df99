import { z } from './zod.ts';

/** JSR, "Pix por biometria" (docs/payments.md#jsr-the-add-on-in-one-tap): the add-on paid under the buyer's vínculo. */
export const BankLinkAddonSchema = z.strictObject({
  offerVersion: z.number().int().min(0).max(1_000_000_000).optional(),
});

export interface BankLinkRedirect {
  redirectUri: string;
}

/**
 * The one-tap's 409 when the vínculo ended at the buyer's bank, or Efí could not confirm it is usable: why (`error`),
 * and that the page must stop saying it is linked.
 */
export interface BankLinkEndedBody {
  error: string;
  linkEnded: 'revoked' | 'expired' | 'unconfirmed';
}

export interface MemberBankLink {
  bank: string | null;
  /** The vínculo ended at the buyer's bank (revoked there, or past its expiry). */
  ended?: 'revoked' | 'expired';
  /** Not ended: still to approve at the bank, or Efí could not be asked right now. Absent: active. */
  state?: 'pending' | 'unconfirmed';
}
