import type { Middleware } from 'koa';
import helmet from 'koa-helmet';

/** Stripe.js is the only third-party code; it loads only on /subscribe. */
const STRIPE_SCRIPT = 'https://js.stripe.com';
const STRIPE_FRAMES = ['https://js.stripe.com', 'https://hooks.stripe.com'];
const STRIPE_API = 'https://api.stripe.com';

/** `imageOrigin`: where presigned image links point (S3_DELIVERY=redirect); pages and the service worker load from it. */
export function securityHeaders(imageOrigin: string | null = null): Middleware {
  const images = imageOrigin ? [imageOrigin] : [];
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", STRIPE_SCRIPT],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...images],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", STRIPE_API, ...images],
        frameSrc: STRIPE_FRAMES,
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // HSTS is only meaningful (and only sent) over HTTPS; see below.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  return async (ctx, next) => {
    if (ctx.secure) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    await headers(ctx, next);
  };
}
