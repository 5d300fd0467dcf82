/**
 * The browser features the inbox turns off for itself and anything it could embed: sensors, camera,
 * microphone, location, payment, USB, screen capture. Passkeys are left as browsers allow them by default
 * (the inbox's own origin only), since signing in needs them.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
].join(', ');
