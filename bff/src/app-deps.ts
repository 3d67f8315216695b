import type { ModelStatus } from '@shared/api';
import type { StagingEngine, Upscaler } from './ai';
import type { Config, Logger } from './config';
import type { IntakeGate, ProvenanceMarker } from './images';
import type { JobSignal } from './jobs';
import type { Mailer } from './mail';
import type { LiveEvents } from './live-events';
import type { PaymentsClient } from './payments-client';
import type { PushNotifier, VapidKeys } from './push';
import type { DiskSpace, Repositories, StoreHandle, UserDoc } from './store';
import type { Webhooks } from './webhooks';

/** Whether the configured models are still served: made by modules/health, read by the health route. */
export interface ModelWatch {
  /** The last check's answer (empty before the first one, and for engines with nothing to ask). */
  statuses(): ModelStatus[];
  /** Asks the provider's model list now; logs, and mails the operator what needs doing. */
  check(): Promise<ModelStatus[]>;
  /** Checks now and then daily. */
  start(): void;
  stop(): void;
}

/** Called before the user's data goes (e.g. billing cancels the subscription). */
export type AccountDeletedHook = (user: UserDoc) => Promise<void>;

/** Everything the app needs from outside; tests build these with temp dirs and loopback fakes. */
export interface AppDeps {
  config: Config;
  logger: Logger;
  /** Its kind, blobs, ping and close: the collections are the repositories' alone. */
  store: StoreHandle;
  repos: Repositories;
  /** Cookie signing keys (SESSION_KEYS or generated once into DATA_DIR). */
  sessionKeys: string[];
  /** The Stripe SDK when payments are configured, else null ('Subscription Unavailable'). */
  stripe: PaymentsClient | null;
  /** Analyses and stages rooms: OpenAI when configured, else the local preview engine. */
  engine: StagingEngine;
  /** Makes Pro's 4K exports of smaller results (Replicate's Real-ESRGAN); absent or null: enlarged. */
  upscaler?: Upscaler | null;
  /** Wakes an in-process staging worker when a project is queued (a no-op without one). */
  jobSignal: JobSignal;
  /** Streams status changes to signed-in pages; the in-process worker tells it of each one at once. */
  liveEvents: LiveEvents;
  /** Free space where the embedded data lives (DATA_DIR, MIN_FREE_DISK_MB); unwatched on MongoDB. */
  diskSpace: DiskSpace;
  /** Bounds how many photos are read and decoded at once, in all and per owner. */
  intakeGate: IntakeGate;
  /** Queues mail and sends it in the background (SMTP_URL, or .eml files under DATA_DIR/mail). */
  mail: Mailer;
  /** The key pair pushes are signed with (VAPID_* or generated once into DATA_DIR). */
  vapid: VapidKeys;
  /** Tells the owner's devices by Web Push when a staging finishes; the worker calls it. */
  push: PushNotifier;
  /** The account's webhook endpoints: told of finished stagings by the worker, replayed from Settings. */
  webhooks: Webhooks;
  /** Watermarks and signs (C2PA) every altered image handed out (C2PA_KEY, or a key made into DATA_DIR). */
  provenance: ProvenanceMarker;
  /** Whether the provider still serves the configured models (checked at start-up and daily). */
  modelWatch?: ModelWatch;
  /** Run before an account's data is deleted (billing cancels the subscription). */
  accountDeletedHooks?: AccountDeletedHook[];
}
