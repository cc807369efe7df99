/**
 * The gateway's optional `tracking` object on a new charge (docs/gateway.md#3-charge): `src` and the
 * five utm_* fields, which the gateway's own reports then show. Only the fields the visit had are
 * sent (an absent one comes back as the string "null"); `sck`, fbclid and gclid stay with us.
 */
export const GATEWAY_TRACKING_KEYS = ['src', 'utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term'] as const;

export type GatewayTracking = Partial<Record<(typeof GATEWAY_TRACKING_KEYS)[number], string>>;

export function gatewayTracking(
  attribution: Partial<Record<(typeof GATEWAY_TRACKING_KEYS)[number], string | null>>,
): GatewayTracking | undefined {
  const entries = GATEWAY_TRACKING_KEYS.flatMap((key) => {
    const value = attribution[key];
    return typeof value === 'string' && value !== '' ? [[key, value] as const] : [];
  });
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}
