/** The gateway's `tracking` object (docs/gateway.md#3-charge): only the fields the visit had; `sck`, fbclid, gclid stay with us. */
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
