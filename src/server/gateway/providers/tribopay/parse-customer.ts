import { isRecord, type JsonRecord } from '../../../lib/json-record.ts';
import type { TransactionCustomer } from '../../types.ts';

function text(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** The first field of `names` that holds text; a `{ number }` object counts (some panels nest the document). */
function firstText(record: JsonRecord, names: string[]): string | null {
  for (const name of names) {
    const value = record[name];
    const found = isRecord(value) ? text(value.number) : text(value);
    if (found) return found;
  }
  return null;
}

/** The customer the gateway repeats (docs/gateway.md#3-charge, #6-postbacks), trimmed; undefined when none is named. */
export function readCustomer(transaction: JsonRecord): TransactionCustomer | undefined {
  const nested = isRecord(transaction.transaction) ? transaction.transaction.customer : undefined;
  const customer = isRecord(transaction.customer) ? transaction.customer : isRecord(nested) ? nested : null;
  if (!customer) return undefined;
  const found = {
    email: firstText(customer, ['email']),
    phone: firstText(customer, ['phone_number', 'phone', 'cellphone', 'mobile_phone']),
    document: firstText(customer, ['document', 'cpf', 'cnpj', 'document_number']),
  };
  return found.email || found.phone || found.document ? found : undefined;
}
