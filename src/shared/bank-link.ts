import { z } from './zod.ts';

/** JSR, "Pix por biometria" (docs/payments.md#jsr-the-add-on-in-one-tap): the add-on paid under the buyer's vínculo. */
export const BankLinkAddonSchema = z.strictObject({
  /** The version of the offer the buyer saw, as "Quero adicionar" sends it. */
  offerVersion: z.number().int().min(0).max(1_000_000_000).optional(),
});

/** Where the browser goes: the bank's page, to approve the vínculo or confirm the payment. */
export interface BankLinkRedirect {
  redirectUri: string;
}

/** The member page's line: the bank the buyer linked, or none. */
export interface MemberBankLink {
  bank: string | null;
}
