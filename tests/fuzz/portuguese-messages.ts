import { admin } from '../../src/content/admin.ts';
import { affiliatePage, affiliateRequestMessages } from '../../src/content/affiliates.ts';
import { apiErrors } from '../../src/content/api-errors.ts';
import { checkout, checkoutFormMessages } from '../../src/content/checkout.ts';
import { consoleErrorsApi } from '../../src/content/console-errors.ts';
import { members } from '../../src/content/members.ts';
import { orderPage } from '../../src/content/order-page.ts';
import { bumpCopy } from '../../src/content/offers.ts';
import { refundApi } from '../../src/content/refunds.ts';
import { reviewApi } from '../../src/content/reviews.ts';

/**
 * Every message the API may answer a visitor with, from the pt-BR copy (src/content/). A message
 * built by a function (`Restam 3 tentativas`) is known by its fixed start, up to its first number.
 */
function collect(value: unknown, exact: Set<string>, prefixes: Set<string>): void {
  if (typeof value === 'string') exact.add(value);
  else if (typeof value === 'function') {
    for (const argument of [0, 1, 3]) {
      const text = String((value as (argument: number) => unknown)(argument));
      const start = text.split(/\d/)[0]!;
      if (start.length >= 10) prefixes.add(start);
    }
  } else if (value && typeof value === 'object') {
    for (const nested of Object.values(value)) collect(nested, exact, prefixes);
  }
}

const exact = new Set<string>();
const prefixes = new Set<string>();
// The offer after payment, the refund request and the review page answer visitors too.
collect(
  [
    apiErrors,
    admin.api,
    consoleErrorsApi,
    members.api,
    orderPage,
    checkout.errors,
    checkoutFormMessages,
    affiliateRequestMessages,
    affiliatePage.api,
    bumpCopy.afterPayment,
    refundApi,
    reviewApi,
  ],
  exact,
  prefixes,
);

export function isPortugueseApiMessage(message: unknown): boolean {
  if (typeof message !== 'string' || message === '') return false;
  return exact.has(message) || [...prefixes].some((prefix) => message.startsWith(prefix));
}
