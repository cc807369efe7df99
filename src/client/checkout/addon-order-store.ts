import type { OpenOrder } from './open-order-store.ts';

/**
 * The add-on's PIX taken after an order was paid (the one-time offer, addon-offer.tsx) survives a
 * reload of the tab like the order's own PIX (open-order-store.ts): the buyer leaves for the bank
 * app to pay it. Apart from that store, which the landing page's first load carries. Never
 * cleared: it names its paid order, which a closed modal no longer resumes, and dies with the tab.
 */
const ADDON_ORDER_KEY = 'vitrine_addon_order';

/** Keeps the add-on's PIX of the paid order `mainOrderId` for this tab. */
export function saveAddonOrder(mainOrderId: string, addon: OpenOrder): void {
  try {
    window.sessionStorage.setItem(ADDON_ORDER_KEY, JSON.stringify({ mainOrderId, addon }));
  } catch {
    // Without storage a reload shows the paid order without its add-on's PIX.
  }
}

export function loadAddonOrder(mainOrderId: string): OpenOrder | null {
  try {
    const saved = JSON.parse(window.sessionStorage.getItem(ADDON_ORDER_KEY) ?? 'null') as {
      mainOrderId?: unknown;
      addon?: OpenOrder;
    } | null;
    const addon = saved?.mainOrderId === mainOrderId ? saved.addon : undefined;
    return addon && typeof addon.orderId === 'string' && typeof addon.expiresAt === 'number' && typeof addon.viewKey === 'string'
      ? addon
      : null;
  } catch {
    return null;
  }
}
