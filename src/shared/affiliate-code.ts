const CODE = /^[a-z0-9]{4,16}$/;

/** The code of `/presell?af=CODE` (docs/affiliates.md#links). Never an error: a mangled code must not stop a sale, it only attributes nothing. */
export function cleanAffiliateCode(input: unknown): string | null {
  if (typeof input !== 'string') return null;
  const code = input.trim().toLowerCase();
  return CODE.test(code) ? code : null;
}
