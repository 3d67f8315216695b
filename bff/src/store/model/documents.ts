import type {
  AlterationClass,
  ColorPalette,
  ContactCategory,
  EditKindName,
  EngineKind,
  NotificationPreferences,
  ProjectStatus,
  RoomType,
  StagingFailure,
  StagingMode,
  StructureRegion,
  StylePreset,
} from '@shared/domain';

export interface Identity {
  provider: string;
  subject: string;
}
export interface SubscriptionState {
  id: string;
  status: string;
  currentPeriodEnd: Date | null;
  /** When a cancelled subscription ends (Stripe's cancel_at, or the period end when cancelled at it); absent on older documents. */
  cancelAt?: Date | null;
  /** Stripe's event time of the state we stored, so older events never overwrite newer state. */
  updatedAt: Date;
}
export interface UserDoc {
  _id: string;
  email: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
  passwordHash: string | null;
  passwordSalt: string | null;
  identities: Identity[];
  profileImageKey: string | null;
  profileImageVersion: number;
  stripeCustomerId: string | null;
  subscription: SubscriptionState | null;
  plan: 'free' | 'pro';
  /** True while a sign-up waits for its link to be opened (absent or false: confirmed, as older accounts are). */
  unconfirmed?: boolean;
  /** An email change waiting for its link to be opened (the token's digest; absent otherwise). */
  pendingEmail?: { email: string; tokenHash: string; expiresAt: Date; cancelTokenHash?: string } | null;
  /** What buyers see of the agent on shared pages (absent until first saved). */
  agentProfile?: { name: string; brokerage: string; phone: string; showPhoto: boolean };
  /** The batch tab's sent photos, in order (absent until a batch is first kept). */
  batchProjectIds?: string[];
  createdAt: Date;
  updatedAt: Date;
}

export interface PreferencesDoc extends NotificationPreferences {
  _id: string; // the user id
  /** The MLS whose photo rules the user's downloads follow (absent: none picked). */
  mlsProfile?: string;
  updatedAt: Date;
}

export interface SessionDoc {
  _id: string; // the session id (koa-session external key)
  data: Record<string, unknown>;
  userId: string | null;
  expiresAt: Date;
}

/** A credit taken for a project that is not stored yet; settled once it is, refunded if it never is. */
export interface CreditReservation {
  projectId: string;
  at: Date;
}
export interface UsageDoc {
  _id: string; // `${userId}:${YYYY-MM}`
  userId: string;
  month: string;
  used: number;
  /** Credits given back this month (a failed staging, or a result our structure check flagged). */
  returned?: number;
  /** Free retries this month: the Restage or Try again owed to a result whose credit came back. */
  freeRetries?: number;
  /** Counted in `used`; a crash between the reservation and the project leaves it here for the reconciler. */
  pending?: CreditReservation[];
}

export interface IdempotencyDoc {
  _id: string; // `${userId}:${key}`
  userId: string;
  projectId: string | null;
  /** Every project a request with several (staging a property's rooms) created; `projectId` is the first. */
  projectIds?: string[];
  createdAt: Date;
}

export interface ProjectImages {
  original: string;
  thumb: string;
  staged: string[];
}
/** What the structure check found in one staged result. */
export interface StructureCheckDoc {
  score: number;
  flagged: boolean;
  regions: StructureRegion[];
  /** The blob of the change mask (a transparent PNG). */
  changesKey: string;
  /** What still differs, one sentence each ('The window on the left was covered or filled in.'). */
  changes?: string[];
  /** What a repair put back ('the window on the left'). */
  restored?: string[];
  /** The vision model's words, when the local check did not clear the result and it was asked. */
  opinion?: string;
}

/** A staging's first look: one image per result it will have (the draft blob keys), and when it was stored. */
export interface DraftDoc {
  staged: string[];
  at: Date;
}

/** One result of a project: the staging's (1) or an edit's (2, 3, ...); the original is version 0. */
export interface VersionDoc {
  number: number;
  kind: 'staging' | EditKindName;
  instruction: string | null;
  /** Its images, as `images.staged` holds them while it is the current version. */
  staged: string[];
  /** Its structure check: the staging's against the photo, an edit's against the version it was made from. */
  structure?: StructureCheckDoc[];
  /** The version an edit was made from (absent for the staging's). */
  from?: number;
  /** Kept as a design concept (or made from one): the project's `concept` while it is current. */
  concept?: true;
  /** An edit our check flagged, so its credit came back: the month it was taken in (absent otherwise). */
  creditBack?: string;
  /** Its one free Try again (owed because its credit came back) is taken. */
  freeRetryTaken?: true;
  /** What it discloses: the staging's class, then each edit's. */
  alterations: AlterationClass[];
  /** The Idempotency-Key of the edit that made it, if it came with one, and its request's digest. */
  key?: string;
  keyBody?: string;
  /** Set when the engine could not really make it (the preview engine's honest words). */
  note: string | null;
  createdAt: Date;
}

/** A brush stroke of a Remove, image-relative (see the API's mask strokes). */
export interface MaskStrokeDoc {
  erase: boolean;
  size: number;
  points: [number, number][];
}

/** The edit a queued project job makes instead of a staging. */
export interface PendingEditDoc {
  kind: EditKindName;
  /** The user's words (refine, fill) or the mode and preset ('Sky replacement: Sunset'). */
  instruction: string | null;
  strokes?: MaskStrokeDoc[];
  /** An enhancement's preset name, and a wall paint's colour (#RRGGBB). */
  preset?: string;
  colour?: string;
  /** The version it is made from (the current one when it was asked for). */
  from: number;
  /** The request's Idempotency-Key (a device's queued edit, resent): it makes one version however often sent. */
  key?: string;
  /** The digest of the request sent with `key`: the same key with another edit is refused. */
  keyBody?: string;
  /** The month its credit was reserved in, so a failure can give it back (null: it took none, a free Try again). */
  creditMonth: string | null;
}

export interface ProjectDoc {
  _id: string;
  ownerId: string | null;
  name: string;
  status: ProjectStatus;
  progress: number;
  error: string | null;
  /** Why it failed for good, as data (`error` is its sentence); absent on projects failed before it was kept. */
  failure?: StagingFailure;
  stagingMode: StagingMode;
  roomType: RoomType;
  stylePreset: StylePreset | null;
  colorPalette: ColorPalette | null;
  customPrompt: string | null;
  engine: EngineKind;
  images: ProjectImages;
  width: number;
  height: number;
  /** The month a credit was reserved in, so a final failure can give it back. */
  creditMonth: string | null;
  attempts: number;
  leaseUntil: Date | null;
  workerId: string | null;
  nextAttemptAt: Date | null;
  /**
   * Demo projects expire; user projects never do and have no such field. Absent rather than null, so
   * the index holds only the few projects that have one (NeDB keeps every null of an index in one list,
   * which each update of any project would walk).
   */
  expiresAt?: Date;
  /** Present while the project is shared (absent otherwise, for the same reason). */
  shareToken?: string;
  /** A staging of a property's room: the property and the room (absent for a single photo). */
  propertyId?: string;
  roomId?: string;
  /** Another room's staging whose result this one is styled after (rooms of one property look alike). */
  styleReferenceId?: string;
  /**
   * A photo of a batch or a room of a property run: the run's id and how many stagings it sends. Its
   * owner gets one summary mail for the run instead of one per staging (absent for a single photo).
   */
  batchId?: string;
  batchSize?: number;
  /** Finished, and its owner's mail not yet decided: set with the final status, removed once mailed. */
  notifyPending?: true;
  /** One per staged image, in the same order; absent for results staged before the check existed. */
  structure?: StructureCheckDoc[];
  /** Its owner kept a result that failed the structure check as a design concept (absent otherwise). */
  concept?: true;
  /** Every result failed the structure check, so its credit came back: the month it was taken in (absent otherwise). */
  creditBack?: string;
  /** Its one free restage (owed because its credit came back) is taken. */
  freeRestageTaken?: true;
  /** A room restaged because its last result changed the room: staged with the strict wording from the start. */
  /** The agent chose a free restyle: staged without the structure lock, a design concept from the start. */
  freeRestyle?: true;
  strict?: true;
  /**
   * Every result version once the first edit was asked for (absent before: version 1 is `images.staged`).
   * `images.staged`, `structure` and `alterations` always hold the current version's.
   */
  versions?: VersionDoc[];
  /** Absent: version 1. */
  currentVersion?: number;
  /** The highest version number ever made: a deleted version's number is never given again. */
  lastVersion?: number;
  /** The current version's disclosure classes; absent: the staging mode's class. */
  alterations?: AlterationClass[];
  /** An edit queued or being made: the job makes it instead of staging; the result stays completed. */
  edit?: PendingEditDoc;
  /**
   * A first look of the staging under way (the engine's fast pass), never listing-ready: shown until the
   * final replaces it, removed when the job finishes or is retried (absent otherwise).
   */
  draft?: DraftDoc;
  /** The API key it was created with (absent: the app); its credit counts in that key's usage. */
  apiKeyId?: string;
  /** Why the last edit failed for good, as data; cleared by the next edit. */
  editFailure?: StagingFailure;
  /** The same as a sentence, on documents written before `editFailure`; cleared by the next edit. */
  editError?: string;
  createdAt: Date;
  updatedAt: Date;
  completedAt: Date | null;
  /** When it last became completed or failed (absent before then, and on older documents). */
  finishedAt?: Date;
}

/** Who a job is for, fixed when it is queued: a Pro account, a free account or a visitor's demo. */
export type QueuePriority = 'pro' | 'free' | 'demo';

/**
 * A project waiting for or being staged. The queue is its own small collection, so claiming the next
 * job costs the same with ten projects or a million; the job goes when its project is finished.
 */
export interface JobDoc {
  _id: string; // the project id
  status: 'pending' | 'processing';
  nextAttemptAt: Date;
  leaseUntil: Date | null;
  workerId: string | null;
  /** The project's creation time. */
  createdAt: Date;
  priority: QueuePriority;
  /**
   * The due job with the earliest rank is taken first: the creation time, moved earlier for Pro and
   * later for demos by the priority head start (see `rankFor`); start-up fills it in on older jobs.
   */
  rankAt: Date;
  /**
   * The project whose staging this one waits for (its style reference); `nextAttemptAt` stays far ahead
   * until that one is finished, then both go. Absent for a job that waits for nobody.
   */
  waitsFor?: string;
}

export interface WebhookEventDoc {
  _id: string;
  receivedAt: Date;
}

export interface RateLimitDoc {
  _id: string; // `${key}:${windowStart}`
  key: string;
  count: number;
  expiresAt: Date;
}

export interface ContactMessageDoc {
  _id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  category: ContactCategory;
  userId: string | null;
  createdAt: Date;
}

/** A mail waiting to be sent (or sent lately): at-least-once, so a crash mid-send sends it again. */
export interface MailOutboxDoc {
  _id: string; // the idempotency key of the logical mail (enqueuing it again keeps this one)
  /** The Message-ID header, the same on every attempt, so a receiver can drop a duplicate. */
  messageId: string;
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  /** When the next attempt is due; a claimed message is pushed ahead by the lease while it is sent. */
  nextAttemptAt: Date;
  lastError: string | null;
  createdAt: Date;
  /** Absent until sent. */
  sentAt?: Date;
}

/** A password reset link: only the SHA-256 of its token is kept, and it works once before `expiresAt`. */
/** A single-use link mailed to an account's address: a password reset, or the link that finishes a sign-up. */
export interface PasswordResetDoc {
  _id: string; // the token's digest
  userId: string;
  /** Absent on reset links (and on every link stored before sign-up links existed). */
  purpose?: 'sign-up';
  /** Stored by sign-up links of earlier versions; read by nothing now (the link's page sets the password). */
  password?: { hash: string; salt: string };
  /**
   * A sign-up link kept after it stopped working, until it expires, so its page can say why: used (the
   * account is ready) or replaced (a newer link was sent).
   */
  spent?: 'used' | 'replaced';
  expiresAt: Date;
  createdAt: Date;
}

/** A browser's Web Push subscription, one per device and endpoint (a device signed in again moves it). */
export interface PushSubscriptionDoc {
  _id: string; // the endpoint's digest, so one endpoint is stored once
  userId: string;
  endpoint: string;
  /** The browser's P-256 public key and auth secret (base64url), which the payload is encrypted for. */
  p256dh: string;
  auth: string;
  createdAt: Date;
  updatedAt: Date;
}

/** An account's key for other systems: only the SHA-256 of the key is kept, so a leaked database opens nothing. */
export interface ApiKeyDoc {
  _id: string;
  userId: string;
  name: string;
  scopes: string[];
  /** SHA-256 of the whole key (hex): how a request's key is found. */
  hash: string;
  /** The key's first characters, shown in Settings to tell keys apart. */
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  /** Calls counted per calendar month (UTC), keyed `YYYY-MM`. */
  calls?: Record<string, number>;
}

/** An account's https endpoint for webhooks, with the secret its deliveries are signed with. */
export interface WebhookEndpointDoc {
  _id: string;
  userId: string;
  url: string;
  events: string[];
  /** `whsec_<base64>`: the HMAC key, kept to sign (a receiver holds the same). */
  secret: string;
  createdAt: Date;
}

/** One event for one endpoint: tried until a 2xx, with backoff for a day, then given up. */
export interface WebhookDeliveryDoc {
  _id: string; // the webhook-id header, the same on every attempt and replay
  endpointId: string;
  userId: string;
  event: string;
  /** The exact JSON body that is signed and sent. */
  body: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  nextAttemptAt: Date;
  lastStatus: number | null;
  lastError: string | null;
  createdAt: Date;
}

/** A listing an agent stages room by room: its rooms are in `RoomDoc`, in `roomOrder`. */
export interface PropertyDoc {
  _id: string; // made by the client, so an offline create keeps it
  ownerId: string;
  name: string;
  listingNumber: string | null;
  notes: string | null;
  /** Every room id once, in the order the agent chose (new rooms go last). */
  roomOrder: string[];
  /** Present while the property is shared with buyers. */
  shareToken?: string;
  /** The MLS whose photo rules this property's downloads follow instead of the owner's (absent: theirs). */
  mlsProfile?: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * The short address printed on a labelled photo (`/o/{_id}`): it leads to the unaltered original of a
 * shared project or property room while that share lives, and to its archive once the owner deleted the
 * listing and chose to keep one (then `archive` holds the original's own copy and nothing else).
 */
export interface OriginalLinkDoc {
  _id: string; // the short code
  ownerId: string;
  /** The share the link was made under: revoking it ends a live link. */
  shareToken: string;
  projectId: string | null;
  propertyId: string | null;
  roomId: string | null;
  archive?: { key: string; width: number; height: number; archivedAt: Date };
  createdAt: Date;
}

/** What was handed over: one exported altered image, who took it and under which rules. */
export interface HandoverDoc {
  _id: string;
  ownerId: string;
  projectId: string;
  propertyId: string | null;
  roomId: string | null;
  originalSha256: string;
  engine: EngineKind;
  model: string | null;
  prompt: string | null;
  structure: 'passed' | 'failed' | 'not checked';
  mlsProfile: string;
  variant: 'clean' | 'labelled';
  alteration: string;
  /** The handed-over file's SHA-256, its version (absent on records kept before versions were), every class it
   * discloses, its plate's words and caption. */
  /** What the handed-out file's C2PA manifest was worth (absent on records kept before files were signed). */
  c2pa?: 'valid' | 'valid-untrusted' | 'invalid' | 'none';
  fileSha256?: string;
  version?: number;
  alterations?: AlterationClass[];
  label?: string | null;
  caption?: string | null;
  downloadedBy: string;
  /** The first time that day. */
  at: Date;
  /** The latest time that day, and how many times (absent on records kept before: once, at `at`). */
  lastAt?: Date;
  count?: number;
}

export interface RoomAnalysisDoc {
  roomType: RoomType;
  confident: boolean;
  /** Absent on rooms analysed before styles were kept. */
  style?: StylePreset;
}

/** One photo of a property: stored on upload, staged later with the others. */
export interface RoomDoc {
  _id: string; // made by the client
  propertyId: string;
  ownerId: string;
  roomType: RoomType;
  detected: RoomAnalysisDoc | null;
  images: { original: string; thumb: string };
  width: number;
  height: number;
  /** The room's latest staging; restaging replaces it (the older project stays in the user's list). */
  projectId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** One call to an AI provider and what it was estimated to cost (kept for the operator's cost report). */
export interface ProviderCallDoc {
  _id: string;
  at: Date;
  provider: 'openai' | 'gemini' | 'replicate';
  model: string;
  kind: 'image' | 'analysis' | 'upscale';
  /**
   * What the call was for: a staging's first try, a job retry, the strict retry, an analysis, a vision
   * model's second opinion on a result, a 4K upscale, a staging's first look (draft).
   */
  purpose: 'staging' | 'retry' | 'strict-retry' | 'analysis' | 'second-opinion' | 'upscale' | 'draft';
  /** Whose it was: the plan at the time (null when not known), the staging mode, the project. */
  plan: 'free' | 'pro' | 'demo' | null;
  mode: 'stage' | 'unstage' | 'multi-view' | null;
  projectId: string | null;
  size: string | null;
  quality: string | null;
  images: number;
  ok: boolean;
  /** Estimated dollars; null when the price table does not know the model. */
  usd: number | null;
}
