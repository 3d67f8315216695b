// The tables the boundary rules read: which folder may load which library, and the feature edges left.

/** Each npm library is loaded in its home folder(s) only; a name ending in - or / is a family of packages. */
export const LIBRARIES = [
  { name: 'openai', homes: ['bff/src/ai'] },
  { name: '@google/genai', homes: ['bff/src/ai'] },
  { name: 'replicate', homes: ['bff/src/ai'] },
  // Tests sign webhooks with the SDK, as Stripe does.
  { name: 'stripe', homes: ['bff/src/modules/billing'], alsoInTests: true },
  { name: '@stripe/', homes: ['pwa/src/features/subscribe'] },
  // Tests and their helpers make and inspect real photos with sharp.
  { name: 'sharp', homes: ['bff/src/images', 'bff/src/ai'], alsoInTests: true },
  { name: 'mongodb', homes: ['bff/src/store'] },
  // The store's contract tests open each backend's own client.
  { name: '@seald-io/nedb', homes: ['bff/src/store/nedb', 'bff/src/store/contract'] },
  { name: '@aws-sdk/', homes: ['bff/src/store/blobs', 'bff/src/store/contract'] },
  { name: 'nodemailer', homes: ['bff/src/mail'] },
  { name: 'web-push', homes: ['bff/src/push'] },
  { name: 'yazl', homes: ['bff/src/modules/properties'] },
  { name: 'grant', homes: ['bff/src/modules/auth'] },
  // The loopback fakes read multipart bodies as the real services do.
  { name: 'busboy', homes: ['bff/src/images/intake'], alsoInTests: true },
  { name: 'koa-session', homes: ['bff/src/http/session'] },
  { name: 'koa-body', homes: ['bff/src/http'] },
  { name: 'koa-helmet', homes: ['bff/src/http'] },
  { name: 'koa-send', homes: ['bff/src/http'] },
  { name: 'pino', homes: ['bff/src/config'], alsoInTests: true },
  { name: 'qrcode-generator', homes: ['bff/src/images/listing'] },
  // C2PA signing and its certificates; tests check the files with the reference reader (c2pa-rs as wasm).
  { name: '@trustnxt/', homes: ['bff/src/images/provenance'] },
  { name: '@peculiar/', homes: ['bff/src/images/provenance'] },
  { name: '@contentauth/', homes: ['bff/src/images/provenance'], alsoInTests: true },
  { name: 'idb', homes: ['pwa/src/offline'] },
  { name: 'workbox-', homes: ['pwa/src/sw'] },
];

// Feature -> feature imports that were there before the rule, to be moved down one by one; a new one fails.
export const KNOWN_FEATURE_EDGES = [
  'demo -> projects',
  'landing -> demo',
  // A staged room's name is its project's, renamed with the projects' own control.
  'properties -> projects',
  'property-share -> share',
  'workspace -> batch',
  'workspace -> projects',
  // Loaded with import() when the Properties tab opens.
  'workspace -> properties',
];
