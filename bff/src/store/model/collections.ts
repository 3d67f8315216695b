import type {
  ContactMessageDoc,
  IdempotencyDoc,
  MailOutboxDoc,
  PasswordResetDoc,
  PushSubscriptionDoc,
  ProviderCallDoc,
  OriginalLinkDoc,
  HandoverDoc,
  ApiKeyDoc,
  WebhookEndpointDoc,
  WebhookDeliveryDoc,
  JobDoc,
  PropertyDoc,
  RoomDoc,
  PreferencesDoc,
  ProjectDoc,
  RateLimitDoc,
  SessionDoc,
  UsageDoc,
  UserDoc,
  WebhookEventDoc,
} from './documents';
import type { BlobStore, Doc, DocCollection, IndexSpec } from './types';

export interface Collections {
  users: DocCollection<UserDoc>;
  preferences: DocCollection<PreferencesDoc>;
  sessions: DocCollection<SessionDoc>;
  usage: DocCollection<UsageDoc>;
  idempotencyKeys: DocCollection<IdempotencyDoc>;
  projects: DocCollection<ProjectDoc>;
  jobs: DocCollection<JobDoc>;
  properties: DocCollection<PropertyDoc>;
  rooms: DocCollection<RoomDoc>;
  webhookEvents: DocCollection<WebhookEventDoc>;
  rateLimits: DocCollection<RateLimitDoc>;
  contactMessages: DocCollection<ContactMessageDoc>;
  mailOutbox: DocCollection<MailOutboxDoc>;
  passwordResets: DocCollection<PasswordResetDoc>;
  pushSubscriptions: DocCollection<PushSubscriptionDoc>;
  providerCalls: DocCollection<ProviderCallDoc>;
  originalLinks: DocCollection<OriginalLinkDoc>;
  handovers: DocCollection<HandoverDoc>;
  apiKeys: DocCollection<ApiKeyDoc>;
  webhookEndpoints: DocCollection<WebhookEndpointDoc>;
  webhookDeliveries: DocCollection<WebhookDeliveryDoc>;
}
export type CollectionName = keyof Collections;
export const COLLECTION_NAMES: CollectionName[] = [
  'users',
  'preferences',
  'sessions',
  'usage',
  'idempotencyKeys',
  'projects',
  'jobs',
  'properties',
  'rooms',
  'webhookEvents',
  'rateLimits',
  'contactMessages',
  'mailOutbox',
  'passwordResets',
  'pushSubscriptions',
  'providerCalls',
  'originalLinks',
  'handovers',
  'apiKeys',
  'webhookEndpoints',
  'webhookDeliveries',
];

/** Stripe retries a webhook for up to 3 days; ids are kept well past that. */
export const WEBHOOK_EVENT_TTL_SECONDS = 30 * 24 * 3600;
/** A retried upload comes back within days (an offline queue); a key is kept well past that. */
export const IDEMPOTENCY_KEY_TTL_SECONDS = 30 * 24 * 3600;
/** MongoDB's TTL is only a backstop for demos: the app's sweep deletes them first, with their blobs. */
export const DEMO_TTL_GRACE_SECONDS = 6 * 3600;
/** A sent mail's key is kept this long, so a late repeat of the same logical mail is not sent again. */
export const SENT_MAIL_TTL_SECONDS = 30 * 24 * 3600;

export const INDEXES: Record<CollectionName, IndexSpec[]> = {
  users: [
    { fields: { email: 1 }, unique: true },
    { fields: { stripeCustomerId: 1 }, sparse: true },
    { fields: { 'identities.subject': 1 } },
  ],
  preferences: [],
  sessions: [{ fields: { expiresAt: 1 }, expireAfterSeconds: 0 }, { fields: { userId: 1 } }],
  usage: [{ fields: { userId: 1 } }],
  idempotencyKeys: [
    { fields: { userId: 1 } },
    { fields: { createdAt: 1 }, expireAfterSeconds: IDEMPOTENCY_KEY_TTL_SECONDS },
  ],
  projects: [
    { fields: { ownerId: 1, createdAt: -1 } },
    // NeDB leaves Date values out of a sparse index (they look empty to it), so there the hourly sweep
    // scans instead; a non-sparse index would hold every user project under one empty key.
    { fields: { expiresAt: 1 }, sparse: true, expireAfterSeconds: DEMO_TTL_GRACE_SECONDS, embedded: false },
    { fields: { shareToken: 1 }, sparse: true },
    { fields: { notifyPending: 1 }, sparse: true },
  ],
  jobs: [
    { fields: { status: 1, nextAttemptAt: 1 } },
    { fields: { waitsFor: 1 }, sparse: true },
    // The claim's order; MongoDB only: the embedded store sorts its few due jobs in memory.
    { fields: { rankAt: 1, createdAt: 1 }, embedded: false },
  ],
  properties: [{ fields: { ownerId: 1, createdAt: -1 } }, { fields: { shareToken: 1 }, sparse: true }],
  rooms: [{ fields: { propertyId: 1 } }, { fields: { ownerId: 1 } }],
  webhookEvents: [{ fields: { receivedAt: 1 }, expireAfterSeconds: WEBHOOK_EVENT_TTL_SECONDS }],
  rateLimits: [{ fields: { expiresAt: 1 }, expireAfterSeconds: 0 }, { fields: { key: 1 } }],
  contactMessages: [{ fields: { createdAt: 1 } }],
  mailOutbox: [
    { fields: { status: 1, nextAttemptAt: 1 } },
    // NeDB leaves Date values out of a sparse index, so there the purge scans this small collection.
    { fields: { sentAt: 1 }, sparse: true, expireAfterSeconds: SENT_MAIL_TTL_SECONDS, embedded: false },
  ],
  passwordResets: [{ fields: { expiresAt: 1 }, expireAfterSeconds: 0 }, { fields: { userId: 1 } }],
  pushSubscriptions: [{ fields: { userId: 1 } }],
  providerCalls: [{ fields: { at: 1 } }],
  originalLinks: [{ fields: { ownerId: 1 } }, { fields: { projectId: 1 } }, { fields: { propertyId: 1 } }],
  handovers: [{ fields: { projectId: 1 } }, { fields: { propertyId: 1 } }, { fields: { ownerId: 1 } }],
  apiKeys: [{ fields: { hash: 1 }, unique: true }, { fields: { userId: 1 } }],
  webhookEndpoints: [{ fields: { userId: 1 } }],
  webhookDeliveries: [
    { fields: { status: 1, nextAttemptAt: 1 } },
    { fields: { endpointId: 1, createdAt: -1 } },
  ],
};

export interface PurgeResult {
  sessions: number;
  rateLimits: number;
  webhookEvents: number;
  idempotencyKeys: number;
  passwordResets: number;
  sentMail: number;
}

export interface Store {
  kind: 'nedb' | 'mongodb';
  /**
   * True when this process alone works on the data (the embedded store's DATA_DIR lock): a job left
   * 'processing' at start-up belongs to a process that is gone.
   */
  exclusive: boolean;
  collections: Collections;
  blobs: BlobStore;
  /** Resolves when the store answers; rejects otherwise (health checks). */
  ping(): Promise<void>;
  /**
   * Removes expired sessions, rate-limit windows, old idempotency keys, webhook ids, reset links and sent mail; the housekeeping
   * calls it on a timer (NeDB has no TTL; on MongoDB the TTL indexes do the same). Expired demo
   * projects are not touched here: they own blobs (see projects.findExpiredDemos).
   */
  purgeExpired(now?: Date): Promise<PurgeResult>;
  close(): Promise<void>;
}

/** The store as the app holds it: the collections stay inside store/, reached only through the repositories. */
export type StoreHandle = Omit<Store, 'collections'>;

export async function withIndexes(collections: Collections): Promise<Collections> {
  for (const name of COLLECTION_NAMES) {
    for (const spec of INDEXES[name]) await (collections[name] as DocCollection<Doc>).ensureIndex(spec);
  }
  return collections;
}

export async function purgeExpired(c: Collections, now: Date = new Date()): Promise<PurgeResult> {
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
  return {
    sessions: await c.sessions.deleteMany({ expiresAt: { $lte: now } }),
    rateLimits: await c.rateLimits.deleteMany({ expiresAt: { $lte: now } }),
    webhookEvents: await c.webhookEvents.deleteMany({ receivedAt: { $lte: ago(WEBHOOK_EVENT_TTL_SECONDS) } }),
    idempotencyKeys: await c.idempotencyKeys.deleteMany({
      createdAt: { $lte: ago(IDEMPOTENCY_KEY_TTL_SECONDS) },
    }),
    passwordResets: await c.passwordResets.deleteMany({ expiresAt: { $lte: now } }),
    sentMail: await c.mailOutbox.deleteMany({ sentAt: { $lte: ago(SENT_MAIL_TTL_SECONDS) } }),
  };
}
