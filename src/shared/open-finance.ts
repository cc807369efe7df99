import { z } from './zod.ts';

/** "Pagar no app do banco" (docs/payments.md#open-finance): the buyer's bank, an Efí participant id. */
export const OpenFinanceStartSchema = z.object({ participantId: z.string().regex(/^[\x21-\x7e]{1,200}$/) }).strict();

export const OpenFinanceBanksQuerySchema = z.object({ q: z.string().max(60).optional() });

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
