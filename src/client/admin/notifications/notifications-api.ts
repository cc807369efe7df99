import type { PushPreferences } from '../../../shared/push.ts';
import { apiFetch } from '../../lib/api.ts';

/** The signed-in person's devices and what rings for them (docs/notifications.md). */
export const notificationsApi = {
  settings: () => apiFetch('GET /api/admin/notifications'),
  addDevice: (subscription: PushSubscriptionJSON, device: string) =>
    apiFetch('POST /api/admin/notifications/devices', {
      json: {
        subscription: {
          endpoint: subscription.endpoint ?? '',
          expirationTime: null,
          keys: { p256dh: subscription.keys?.p256dh ?? '', auth: subscription.keys?.auth ?? '' },
        },
        device,
      },
    }),
  forgetDevice: (endpoint: string) => apiFetch('POST /api/admin/notifications/devices/forget', { json: { endpoint } }),
  removeDevice: (id: string) => apiFetch('POST /api/admin/notifications/devices/:id/remove', { params: { id } }),
  savePreferences: (preferences: PushPreferences) => apiFetch('POST /api/admin/notifications/preferences', { json: preferences }),
};
