import { text, z } from './zod.ts';

/** "Pagar no app do banco" (docs/payments.md#open-finance): the bank from Efí's list; none at Mercado Pago, whose page asks. */
export const OpenFinanceStartSchema = z
  .object({
    participantId: z
      .string()
      .regex(/^[\x21-\x7e]{1,200}$/)
      .optional(),
  })
  .strict();

export const OpenFinanceBanksQuerySchema = z.object({ q: text(z.string().max(60)).optional() });

interface OpenFinanceBank {
  id: string;
  name: string;
  logoUrl: string | null;
}

export interface OpenFinanceBanksReply {
  banks: OpenFinanceBank[];
}

export interface OpenFinanceStartReply {
  redirectUri: string;
}
