import type { secureHeaders } from 'hono/secure-headers';

/**
 * The Permissions-Policy of every response: the shop uses none of the browser's powerful features
 * but the clipboard (the PIX code's "Copiar" button), so a script that slipped in (a tracker's, an
 * injected one) cannot ask for the camera, the location or a payment sheet, or read the visitor's
 * ad topics. Only features browsers know: an unknown one is a console warning in Chromium
 * (`web-share` is unknown on desktop Linux and its default, `self`, already lets the share button
 * work on phones).
 */
export const PERMISSIONS_POLICY = {
  accelerometer: [],
  browsingTopics: [],
  camera: [],
  displayCapture: [],
  geolocation: [],
  gyroscope: [],
  hid: [],
  magnetometer: [],
  microphone: [],
  midi: [],
  payment: [],
  publickeyCredentialsGet: [],
  serial: [],
  usb: [],
  xrSpatialTracking: [],
  clipboardWrite: ['self'],
} satisfies NonNullable<NonNullable<Parameters<typeof secureHeaders>[0]>['permissionsPolicy']>;
