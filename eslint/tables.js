// The tables the boundary rules read: which folder may load which library, and the feature edges left (none).

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
// None is left: what features shared is in api/ (the projects' data layer) and components/.
export const KNOWN_FEATURE_EDGES = [];

/**
 * The house's layers, written once: every source file belongs to the first group whose folder or file holds it,
 * and a group may load only the groups it lists (its own files always). Anything not listed is refused,
 * whether loaded by import, import type, export ... from, import(), import('...').Type or require; a file in no
 * group is refused too, so a new folder is placed here before it is used.
 */
export const GROUPS = {
  // The BFF's entry points: they read the environment, open the store and start what runs.
  'bff/entry': [
    'bff/src/main.ts',
    'bff/src/worker-main.ts',
    'bff/src/store-main.ts',
    'bff/src/start-up.ts',
    'bff/src/cost-report.ts',
  ],
  'bff/app': ['bff/src/app.ts'],
  'bff/app-deps': ['bff/src/app-deps.ts'],
  // Plain shapes both sides of a seam agree on: the payment calls, the worker's project events.
  'bff/contracts': ['bff/src/payments-client.ts', 'bff/src/project-changes.ts'],
  'bff/modules': ['bff/src/modules'],
  'bff/http': ['bff/src/http'],
  'bff/jobs': ['bff/src/jobs'],
  'bff/live-events': ['bff/src/live-events'],
  'bff/images': ['bff/src/images'],
  'bff/ai': ['bff/src/ai'],
  'bff/ai-models': ['bff/src/ai-models'],
  'bff/mail': ['bff/src/mail'],
  'bff/push': ['bff/src/push'],
  'bff/webhooks': ['bff/src/webhooks'],
  'bff/store': ['bff/src/store'],
  'bff/config': ['bff/src/config'],
  'bff/testing': ['bff/src/testing'],
  'pwa/entry': [
    'pwa/src/main.tsx',
    'pwa/src/prerender.tsx',
    'pwa/src/landing-entry.ts',
    'pwa/src/styles.css',
    'pwa/src/build-constants.d.ts',
  ],
  'pwa/app': ['pwa/src/app'],
  'pwa/features': ['pwa/src/features'],
  // The shared data layer (bulletproof-react's api/): query options, hooks and mutations features share.
  'pwa/api': ['pwa/src/api'],
  'pwa/components': ['pwa/src/components'],
  'pwa/lib': ['pwa/src/lib'],
  'pwa/offline': ['pwa/src/offline'],
  'pwa/sw': ['pwa/src/sw'],
  'pwa/testing': ['pwa/src/testing', 'pwa/src/test-setup.ts'],
  'shared/api': ['shared/src/api'],
  'shared/domain': ['shared/src/domain'],
};

const SHARED = ['shared/api', 'shared/domain'];
const BFF_BELOW_APP = [
  'bff/contracts',
  'bff/modules',
  'bff/http',
  'bff/jobs',
  'bff/live-events',
  'bff/images',
  'bff/ai',
  'bff/ai-models',
  'bff/mail',
  'bff/push',
  'bff/webhooks',
  'bff/store',
  'bff/config',
];

/** Which group may load which (`npm`: the only packages it may load; absent, library-home decides). */
export const LAYERS = {
  'bff/entry': { may: ['bff/app', 'bff/app-deps', ...BFF_BELOW_APP, ...SHARED] },
  'bff/app': { may: ['bff/app-deps', 'bff/modules', 'bff/http', 'bff/config', ...SHARED] },
  'bff/app-deps': {
    may: [
      'bff/contracts',
      'bff/ai',
      'bff/config',
      'bff/images',
      'bff/jobs',
      'bff/live-events',
      'bff/mail',
      'bff/push',
      'bff/webhooks',
      'bff/store',
      ...SHARED,
    ],
  },
  'bff/modules': {
    may: [
      'bff/app-deps',
      'bff/contracts',
      'bff/http',
      'bff/jobs',
      'bff/live-events',
      'bff/images',
      'bff/ai',
      'bff/ai-models',
      'bff/mail',
      'bff/push',
      'bff/webhooks',
      'bff/store',
      'bff/config',
      ...SHARED,
    ],
  },
  'bff/jobs': {
    may: [
      'bff/contracts',
      'bff/images',
      'bff/ai',
      'bff/ai-models',
      'bff/mail',
      'bff/store',
      'bff/config',
      ...SHARED,
    ],
  },
  'bff/live-events': { may: ['bff/contracts', 'bff/http', 'bff/store', 'bff/config', ...SHARED] },
  'bff/http': { may: ['bff/store', 'bff/config', ...SHARED] },
  // The lower parts never load modules/, jobs/ or app: they are what those are made of.
  'bff/images': { may: ['bff/http', 'bff/store', 'bff/config', ...SHARED] },
  'bff/ai': { may: ['bff/images', 'bff/ai-models', 'bff/config', ...SHARED] },
  'bff/mail': { may: ['bff/contracts', 'bff/store', 'bff/config', ...SHARED] },
  'bff/push': { may: ['bff/contracts', 'bff/store', 'bff/config', ...SHARED] },
  // Webhooks follow the push service's rule for inside addresses, so they share its address checks.
  'bff/webhooks': { may: ['bff/contracts', 'bff/push', 'bff/store', 'bff/config', ...SHARED] },
  'bff/contracts': { may: ['bff/store', ...SHARED] },
  'bff/store': { may: ['bff/config', ...SHARED] },
  // The model tables config validates against live in ai-models/, which ai/ reads too.
  'bff/config': { may: ['bff/ai-models', ...SHARED] },
  'bff/ai-models': { may: [...SHARED] },
  'bff/testing': { may: ['bff/entry', 'bff/app', 'bff/app-deps', ...BFF_BELOW_APP, ...SHARED] },
  'pwa/entry': { may: ['pwa/app', 'pwa/features', 'pwa/components', 'pwa/lib', 'pwa/offline', ...SHARED] },
  'pwa/app': { may: ['pwa/features', 'pwa/api', 'pwa/components', 'pwa/lib', 'pwa/offline', ...SHARED] },
  'pwa/features': { may: ['pwa/api', 'pwa/components', 'pwa/lib', 'pwa/offline', ...SHARED] },
  // A shared piece bound to a project (its name's Rename, the structure choice) reads the data layer.
  'pwa/components': { may: ['pwa/api', 'pwa/lib', 'pwa/offline', ...SHARED] },
  // The data layer is below every piece of UI: never components/, features/ or app/.
  'pwa/api': { may: ['pwa/lib', 'pwa/offline', ...SHARED] },
  // The queue and the service worker run without the UI: never features/ or app/.
  'pwa/offline': { may: ['pwa/lib', ...SHARED] },
  'pwa/sw': { may: ['pwa/offline', 'pwa/lib', ...SHARED] },
  'pwa/lib': { may: [...SHARED] },
  'pwa/testing': {
    may: [
      'pwa/entry',
      'pwa/app',
      'pwa/features',
      'pwa/api',
      'pwa/components',
      'pwa/lib',
      'pwa/offline',
      'pwa/sw',
      ...SHARED,
    ],
  },
  // shared/ runs in the browser, the service worker and the BFF: zod and nothing else.
  'shared/api': { may: ['shared/domain'], npm: ['zod'] },
  'shared/domain': { may: [], npm: ['zod'] },
};

/**
 * Things that live in one place, each refused elsewhere (tests may use them): the environment is read once, in
 * config/ and the entry points; an API path is written once, in api-paths.ts; the store's collections are
 * reached only by its repositories.
 */
export const ONE_HOME = {
  env: {
    homes: ['bff/src/config', ...GROUPS['bff/entry']],
    message: 'process.env is read only in bff/src/config and the entry points: take the value from Config.',
  },
  apiPaths: {
    homes: ['shared/src/api/api-paths.ts'],
    message: "An API path is written once, in shared/src/api/api-paths.ts: use API_PATHS or apiPath('name').",
  },
  collections: {
    homes: ['bff/src/store'],
    message: "The store's collections are reached only inside bff/src/store: use a repository.",
  },
};
