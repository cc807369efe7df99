/** docs/architecture.md#data: `m***@example.com`, enough to tell two buyers apart. */
export function maskEmail(address: string, mark = '***'): string {
  const at = address.lastIndexOf('@');
  if (at <= 0) return mark;
  return `${address.slice(0, 1)}${mark}${address.slice(at)}`;
}

export function maskEmailForBuyer(address: string): string {
  return maskEmail(address, '•••');
}
