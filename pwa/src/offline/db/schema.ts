import type { DBSchema } from 'idb';

/*
 * What this app keeps in IndexedDB. A release must read what the previous one wrote (photos may wait in
 * the queue across an update), so names and shapes change only with a new version and an upgrade step.
 */
export const DB_NAME = 'stagely';
/** Every store exists from version 1, so no feature ever has to bump the version on its own. */
export const DB_VERSION = 1;

export type UploadStatus = 'queued' | 'sending' | 'failed';
/**
 * Where a queued item goes. Missing (every record from before properties): a new project. `room`: a photo
 * of a property (its id is the room's). `property`: a property made on this device, sent before its photos
 * (the queue keeps their order); it has no photo, its fields are the request.
 */
export type UploadTarget = { kind: 'room'; propertyId: string } | { kind: 'property' };
/** A photo (or a property made offline) waiting for the server; the upload queue gives the fields their meaning. */
export interface UploadRecord {
  /** Also the Idempotency-Key, so a retried upload never creates a second project. */
  id: string;
  status: UploadStatus;
  /** Epoch milliseconds. */
  createdAt: number;
  file: Blob;
  fileName: string;
  fields: Record<string, string>;
  attempts: number;
  nextAttemptAt: number;
  lastError: string | null;
  projectId: string | null;
  /**
   * The account it was taken for, which alone may upload it. Null: not claimed yet (shared into the app by
   * the service worker). Missing in records from before owners were kept: read as null, so no new version.
   */
  ownerId?: string | null;
  /** That account's email (else username), to tell whoever else signs in on this device whose photos wait. */
  ownerName?: string | null;
  /** Missing: a new project. An optional field, so records of earlier releases need no new version. */
  target?: UploadTarget;
}

export type OutboxStatus = 'pending' | 'failed';
/** A toast shown when a queued request finally succeeds or is refused for good. */
export interface OutboxNotice {
  sentTitle: string;
  sentDescription?: string;
  failedTitle: string;
}
/** A JSON request queued while the server could not be reached. */
export interface OutboxRecord {
  /** Sent as the Idempotency-Key, so a retry is stored once. */
  id: string;
  kind: string;
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body: unknown;
  createdAt: number;
  attempts: number;
  nextAttemptAt: number;
  status: OutboxStatus;
  lastError: string | null;
  notice: OutboxNotice | null;
}

export interface StagelyDb extends DBSchema {
  settings: { key: string; value: unknown };
  uploads: { key: string; value: UploadRecord; indexes: { status: UploadStatus; createdAt: number } };
  outbox: { key: string; value: OutboxRecord };
  drafts: { key: string; value: unknown };
}

/** The stores that hold a queue of records keyed by `id`. */
export type QueueStoreName = 'uploads' | 'outbox';
