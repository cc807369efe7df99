import { formatCnpj, formatCpf, isValidCnpj, isValidCpf } from '@brazilian-utils/brazilian-utils';

/**
 * CPF and CNPJ as the Receita Federal issues them, through a maintained validator: since July 2026
 * new companies get an alphanumeric CNPJ (IN RFB 2.229/2024: 12 characters 0-9/A-Z and two
 * numeric check digits, each character worth its ASCII code − 48).
 */

/** Without the mask (dots, slash, dash, spaces), letters upper-cased: how documents are stored and sent. */
export function normalizeDocument(value: string): string {
  return value.replace(/[\s./-]/g, '').toUpperCase();
}

export function isValidCpfOrCnpj(value: string): boolean {
  const normalized = normalizeDocument(value);
  if (!/^[0-9A-Z]+$/.test(normalized)) return false;
  return normalized.length === 11 ? isValidCpf(normalized) : normalized.length === 14 && isValidCnpj(normalized, { version: 2 });
}

/** 12345678909 → 123.456.789-09; 12ABC34501DE35 → 12.ABC.345/01DE-35. */
export function formatDocument(value: string): string {
  const normalized = normalizeDocument(value);
  return normalized.length === 11 ? formatCpf(normalized) : formatCnpj(normalized, { version: 2 });
}
