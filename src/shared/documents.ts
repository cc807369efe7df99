import { formatCnpj, formatCpf, isValidCnpj, isValidCpf } from '@brazilian-utils/brazilian-utils';

// Since July 2026 new companies get an alphanumeric CNPJ (IN RFB 2.229/2024).

export function normalizeDocument(value: string): string {
  return value.replace(/[\s./-]/g, '').toUpperCase();
}

export function isValidCpfOrCnpj(value: string): boolean {
  const normalized = normalizeDocument(value);
  if (!/^[0-9A-Z]+$/.test(normalized)) return false;
  return normalized.length === 11 ? isValidCpf(normalized) : normalized.length === 14 && isValidCnpj(normalized, { version: 2 });
}

export function formatDocument(value: string): string {
  const normalized = normalizeDocument(value);
  return normalized.length === 11 ? formatCpf(normalized) : formatCnpj(normalized, { version: 2 });
}
