/**
 * Every path of the API, by name: the route table (API_ROUTES) takes its paths from here and the PWA builds
 * its URLs with apiPath, so a path is written once. No zod here: the landing bundle imports this file.
 */
export const API_PATHS = {
  health: '/api/health',
  publicConfig: '/api/public-config',
  openapi: '/api/openapi.json',
  events: '/api/events',
  contact: '/api/contact',

  authProviders: '/api/auth/providers',
  authLogin: '/api/auth/login',
  authConnect: '/api/auth/connect/{provider}',
  authCallback: '/api/auth/callback',
  authRegister: '/api/auth/register',
  authRegisterConfirm: '/api/auth/register/confirm',
  authRegisterCheck: '/api/auth/register/check',
  authLogout: '/api/auth/logout',
  authUser: '/api/auth/user',
  passwordReset: '/api/auth/password-reset',
  passwordResetConfirm: '/api/auth/password-reset/confirm',
  passwordResetCheck: '/api/auth/password-reset/check',

  userLimits: '/api/user/limits',
  userPreferences: '/api/user/preferences',
  userProfile: '/api/user/profile',
  userProfileImage: '/api/user/profile-image',
  userProfileImageById: '/api/user/profile-image/{id}',
  userAgentProfile: '/api/user/agent-profile',
  userPassword: '/api/user/password',
  userEmail: '/api/user/email',
  userEmailConfirm: '/api/user/email/confirm',
  userEmailCancel: '/api/user/email/cancel',
  userAccount: '/api/user/account',
  apiKeys: '/api/user/api-keys',
  apiKey: '/api/user/api-keys/{id}',
  webhooks: '/api/user/webhooks',
  webhook: '/api/user/webhooks/{id}',
  webhookDeliveries: '/api/user/webhooks/{id}/deliveries',
  webhookReplay: '/api/user/webhooks/{id}/deliveries/{deliveryId}/replay',

  analyze: '/api/analyze',
  demoStage: '/api/demo/stage',
  projects: '/api/projects',
  project: '/api/projects/{id}',
  projectStatus: '/api/projects/{id}/status',
  projectDownload: '/api/projects/{id}/download',
  projectExport4k: '/api/projects/{id}/export-4k',
  projectImage: '/api/projects/{id}/images/{kind}',
  projectPublishedLinks: '/api/projects/{id}/published-links',
  projectHandovers: '/api/projects/{id}/handovers',
  projectAuditPacket: '/api/projects/{id}/audit-packet',
  projectAuditPacketPdf: '/api/projects/{id}/audit-packet.pdf',
  projectShare: '/api/projects/{id}/share',
  projectConcept: '/api/projects/{id}/concept',
  projectRestage: '/api/projects/{id}/restage',
  projectVersions: '/api/projects/{id}/versions',
  projectEdits: '/api/projects/{id}/edits',
  projectVersion: '/api/projects/{id}/versions/{number}',
  projectVersionImage: '/api/projects/{id}/versions/{number}/image',
  batch: '/api/batch',

  shares: '/api/shares/{token}',
  shareAgentPhoto: '/api/shares/{token}/agent-photo',
  shareImage: '/api/shares/{token}/images/{kind}',
  original: '/api/originals/{code}',
  originalImage: '/api/originals/{code}/image',
  provenanceCheck: '/api/provenance',

  properties: '/api/properties',
  property: '/api/properties/{id}',
  propertyDownload: '/api/properties/{id}/download',
  propertyHandovers: '/api/properties/{id}/handovers',
  propertyAuditPacket: '/api/properties/{id}/audit-packet',
  propertyAuditPacketPdf: '/api/properties/{id}/audit-packet.pdf',
  propertyPublishedLinks: '/api/properties/{id}/published-links',
  propertyRooms: '/api/properties/{id}/rooms',
  propertyRoom: '/api/properties/{id}/rooms/{roomId}',
  propertyRoomImage: '/api/properties/{id}/rooms/{roomId}/images/{kind}',
  propertyShare: '/api/properties/{id}/share',
  propertyStage: '/api/properties/{id}/stage',
  propertyShares: '/api/property-shares/{token}',
  propertyShareAgentPhoto: '/api/property-shares/{token}/agent-photo',
  propertyShareRoomImage: '/api/property-shares/{token}/rooms/{roomId}/{kind}',

  createSubscription: '/api/create-subscription',
  billingPortal: '/api/billing/portal',
  stripeWebhook: '/api/stripe/webhook',

  pushPublicKey: '/api/push/public-key',
  pushSubscriptions: '/api/push/subscriptions',
} as const;

/** Every API URL starts so: the app shell and its navigation fallback stay out of it. */
export const API_PREFIX_PATTERN = /^\/api\//;

/** Where the API is mounted: the prefix of every path above. */
export const API_PREFIX = '/api';

/** Whether a request's path is the API's (the prefix itself or below it). */
export const isApiPath = (path: string): boolean => path === API_PREFIX || API_PREFIX_PATTERN.test(path);

export type ApiPathName = keyof typeof API_PATHS;
export type ApiPathTemplate = (typeof API_PATHS)[ApiPathName];

/** The `{name}` segments of a path template, e.g. 'id' | 'kind'. */
export type PathParamNames<T extends string> = T extends `${string}{${infer P}}${infer Rest}`
  ? P | PathParamNames<Rest>
  : never;

type PathArgs<T extends string> = [PathParamNames<T>] extends [never]
  ? []
  : [params: Record<PathParamNames<T>, string>];

const SEGMENT = /\{(\w+)\}/g;

/** The URL of a named path, each `{name}` segment filled in and encoded: apiPath('project', { id }). */
export function apiPath<N extends ApiPathName>(name: N, ...args: PathArgs<(typeof API_PATHS)[N]>): string {
  const params = (args[0] ?? {}) as Record<string, string>;
  return API_PATHS[name].replace(SEGMENT, (_, key: string) => encodeURIComponent(params[key] ?? ''));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * A pattern matching a path template's URLs; a segment listed in `only` matches just those values, any other
 * matches one path segment.
 */
export function pathTemplatePattern(
  template: string,
  only: Partial<Record<string, readonly string[]>> = {},
): RegExp {
  // split with a capture group alternates literal text and segment names
  const source = template
    .split(SEGMENT)
    .map((part, i) => {
      if (i % 2 === 0) return escapeRegExp(part);
      const values = only[part];
      return values ? `(?:${values.map(escapeRegExp).join('|')})` : '[^/]+';
    })
    .join('');
  return new RegExp(`^${source}$`);
}

/** The pattern of a named path (the service worker picks its routes with these). */
export const apiPathPattern = <N extends ApiPathName>(
  name: N,
  only: Partial<Record<PathParamNames<(typeof API_PATHS)[N]>, readonly string[]>> = {},
): RegExp => pathTemplatePattern(API_PATHS[name], only);
