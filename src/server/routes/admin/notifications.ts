import { notificationsApi as copy } from '../../../content/notifications.ts';
import { PushDeviceSchema, PushForgetSchema, PushPreferencesSchema } from '../../../shared/push.ts';
import { apiError, limitBody } from '../../http/http.ts';
import {
  addPushDevice,
  forgetThisDevice,
  pushEndpointAllowed,
  readPushSettings,
  removePushDevice,
  savePushPreferences,
} from '../../push/push-console.ts';
import { sendReply } from '../api-reply.ts';
import { adminRouter, json, tooLarge } from './console.ts';

/** The signed-in person's own devices and what rings for them (docs/notifications.md). */
export const adminNotificationsRoutes = adminRouter()
  .get('/notifications', async (c) => sendReply(c, 'GET', await readPushSettings(c.var.db, c.var.actor, c.var.now())))

  .post('/notifications/devices', limitBody(4096, tooLarge), json(PushDeviceSchema), async (c) => {
    const input = c.req.valid('json');
    if (!pushEndpointAllowed(input.subscription.endpoint, c.var.config.publicUrl)) return apiError(c, 422, copy.badEndpoint);
    await addPushDevice(c.var.db, c.var.actor, input, c.var.now());
    return sendReply(c, 'POST', await readPushSettings(c.var.db, c.var.actor, c.var.now()));
  })

  .post('/notifications/devices/:id/remove', async (c) => {
    if (!(await removePushDevice(c.var.db, c.var.actor, c.req.param('id')))) return apiError(c, 404, copy.deviceNotFound);
    return sendReply(c, 'POST', await readPushSettings(c.var.db, c.var.actor, c.var.now()));
  })

  // Before "Sair": another person's device, or one already gone, is left as it is and the answer is the same.
  .post('/notifications/devices/forget', limitBody(4096, tooLarge), json(PushForgetSchema), async (c) => {
    await forgetThisDevice(c.var.db, c.var.actor, c.req.valid('json').endpoint);
    return sendReply(c, 'POST', await readPushSettings(c.var.db, c.var.actor, c.var.now()));
  })

  .post('/notifications/preferences', limitBody(1024, tooLarge), json(PushPreferencesSchema), async (c) => {
    await savePushPreferences(c.var.db, c.var.actor, c.req.valid('json'), c.var.now());
    return sendReply(c, 'POST', await readPushSettings(c.var.db, c.var.actor, c.var.now()));
  });
