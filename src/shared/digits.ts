/** The digits of a phone number, CPF or CNPJ as typed, without the mask. */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}
