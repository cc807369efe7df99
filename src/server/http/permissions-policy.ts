import type { secureHeaders } from 'hono/secure-headers';

/** Only features browsers know: an unknown one is a console warning in Chromium. */
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
