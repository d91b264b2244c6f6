import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from './app-env';

/**
 * The SPA is served from the same origin and loads nothing from elsewhere, so the policy can be strict.
 * Inline style attributes stay allowed: Radix positions popovers with them. Images may come from any
 * https address: an email campaign's preview shows the images its message links, as a mail client would.
 */
const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * Turns off the powerful features the app does not use, for it and anything it could be tricked into
 * loading (issue 17). The time clock will allow camera and geolocation for 'self' when it asks for them.
 */
const permissionsPolicy = {
  camera: false,
  microphone: false,
  geolocation: false,
  payment: false,
  usb: false,
  serial: false,
  hid: false,
  bluetooth: false,
  midi: false,
  displayCapture: false,
  accelerometer: false,
  gyroscope: false,
  magnetometer: false,
  browsingTopics: false,
};

/** API answers hold one person's data: no browser or proxy keeps a copy unless a route says so. */
export const noStoreByDefault: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
};

export function securityHeaders(options: { trustProxy: boolean; publicUrl: string | undefined }) {
  const headers = secureHeaders({
    contentSecurityPolicy,
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    // Sent below, and only over https: over plain http it would be ignored at best.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
    permissionsPolicy,
    // A route may say otherwise (campaign images are for any origin, mail clients included).
    overwrite: false,
  });
  const servedOverHttps = options.publicUrl?.startsWith('https://') ?? false;
  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    await headers(c, next);
    const forwardedProto = options.trustProxy ? c.req.header('x-forwarded-proto') : undefined;
    const https = servedOverHttps || forwardedProto === 'https' || new URL(c.req.url).protocol === 'https:';
    if (https) c.header('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
  };
  return middleware;
}
