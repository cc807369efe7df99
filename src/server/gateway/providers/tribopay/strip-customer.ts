import { maskPersonalData } from '../../../lib/log-mask.ts';

/** Raw postbacks are kept for audit only, so the customer is cut out first: by key in JSON and forms, else by pattern. */
const PERSONAL_KEY = /(customer|client|buyer|payer|name|e-?mail|phone|cell|mobile|whatsapp|document|cpf|cnpj|address|street|zip|cep)/i;
const REMOVED = '[removido]';

function stripValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripValue);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, PERSONAL_KEY.test(key) ? REMOVED : stripValue(inner)]));
  }
  return typeof value === 'string' ? maskPersonalData(value) : value;
}

export function stripCustomerFields(body: string, contentType: string | null): string {
  const trimmed = body.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return JSON.stringify(stripValue(JSON.parse(trimmed)));
    } catch {
      // Not JSON after all: masked by pattern below.
    }
  }
  if (contentType?.includes('application/x-www-form-urlencoded')) {
    const params = new URLSearchParams(body);
    const kept = new URLSearchParams();
    for (const [key, value] of params) kept.append(key, PERSONAL_KEY.test(key) ? REMOVED : maskPersonalData(value));
    return kept.toString();
  }
  return maskPersonalData(body);
}
