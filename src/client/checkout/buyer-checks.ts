import { checkoutFormMessages as messages } from '../../content/checkout.ts';
import { checkoutFormSchema, fieldErrors } from '../../shared/checkout.ts';
import type { BuyerField, BuyerValues } from './buyer-values.ts';

/** The API's own rules and messages (shared/checkout.ts): the form says what POST /api/orders would. */
const buyerSchema = checkoutFormSchema(messages);

export function checkBuyer(values: BuyerValues, askDocument: boolean): Partial<Record<BuyerField, string>> {
  const result = buyerSchema.safeParse(askDocument ? values : { ...values, document: undefined });
  return result.success ? {} : fieldErrors(result.error);
}
