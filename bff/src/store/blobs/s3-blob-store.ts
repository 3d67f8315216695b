import { createHash } from 'node:crypto';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type ListObjectsV2CommandOutput,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  assertContentType,
  assertSafeKey,
  BlobDamagedError,
  type Blob,
  type BlobLink,
  type BlobLinkOptions,
  type BlobStore,
} from '../model/types';

export interface S3Options {
  bucket: string;
  region: string;
  /** An S3-compatible server (MinIO, R2, ...); AWS itself when absent. */
  endpoint?: string | undefined;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (most self-hosted servers need it). */
  forcePathStyle: boolean;
  /** Blobs past this size go up in parts of this size (S3 takes at most 5 GiB in one PUT, parts >= 5 MiB). */
  partBytes?: number;
}

const DEFAULT_PART_BYTES = 8 * 1024 * 1024;
/** How many object heads and signed links each process keeps (the least recently used go first). */
const KEPT_LINKS = 10_000;
/** DeleteObjects takes at most 1,000 keys; ListObjectsV2 answers at most 1,000 per page. */
const DELETE_BATCH = 1000;

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const isMissing = (err: unknown) =>
  err instanceof Error &&
  (err.name === 'NoSuchKey' ||
    err.name === 'NotFound' ||
    (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404);
const folderOf = (prefix: string) => {
  const base = prefix.replace(/\/+$/, '');
  assertSafeKey(base);
  return base;
};

/**
 * Blobs as objects in an S3 bucket. Each object carries the SHA-256 and length of its bytes as metadata
 * (`x-amz-meta-sha256`, `x-amz-meta-length`); every read through the BFF checks them, so damage is refused
 * as on the other stores. Credentials come from the SDK's default chain (environment, profile, role).
 */
export class S3BlobStore implements BlobStore {
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly partBytes: number;
  /**
   * Handing out a link is the hot path of image delivery: a HEAD and a signature cost more CPU than the
   * rest of the request. Keys are written once and kept, so each object's head is remembered (from its put
   * or its first HEAD; forgotten on delete), and each link is handed out again until half its life has passed.
   */
  private readonly heads = new Map<string, { contentType: string; size: number }>();
  private readonly links = new Map<string, { url: string; renewAt: number }>();

  constructor(options: S3Options) {
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
    });
    this.bucket = options.bucket;
    this.partBytes = options.partBytes ?? DEFAULT_PART_BYTES;
  }

  private forget(key: string): void {
    this.heads.delete(key);
    for (const kept of this.links.keys()) if (kept.endsWith(`\n${key}`)) this.links.delete(kept);
  }

  private static keep<T>(map: Map<string, T>, key: string, value: T): void {
    map.delete(key);
    map.set(key, value);
    if (map.size > KEPT_LINKS) map.delete(map.keys().next().value as string);
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    assertSafeKey(key);
    assertContentType(contentType);
    this.forget(key);
    const head = {
      Bucket: this.bucket,
      Key: key,
      ContentType: contentType,
      Metadata: { sha256: sha256(data), length: String(data.length) },
    };
    // One PUT or one completed multipart upload: either way S3 shows the old or the new object whole.
    if (data.length <= this.partBytes) {
      await this.client.send(new PutObjectCommand({ ...head, Body: data }));
      S3BlobStore.keep(this.heads, key, { contentType, size: data.length });
      return;
    }
    const { UploadId } = await this.client.send(new CreateMultipartUploadCommand(head));
    try {
      const parts = [];
      for (let at = 0, n = 1; at < data.length; at += this.partBytes, n++) {
        const Body = data.subarray(at, at + this.partBytes);
        const part = await this.client.send(
          new UploadPartCommand({ Bucket: this.bucket, Key: key, UploadId, PartNumber: n, Body }),
        );
        parts.push({ ETag: part.ETag, PartNumber: n });
      }
      await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
      S3BlobStore.keep(this.heads, key, { contentType, size: data.length });
    } catch (err) {
      // Parts of an unfinished upload are billed until aborted.
      await this.client
        .send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId }))
        .catch(() => undefined);
      throw err;
    }
  }

  async get(key: string): Promise<Blob | null> {
    assertSafeKey(key);
    let answer;
    try {
      answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
    const data = Buffer.from((await answer.Body?.transformToByteArray()) ?? []);
    const meta = answer.Metadata ?? {};
    const length = Number(meta.length ?? answer.ContentLength ?? data.length);
    if (data.length !== length) throw new BlobDamagedError(key, `${data.length} of ${length} bytes present`);
    // Objects written by other tools carry no checksum of ours.
    if (meta.sha256 && sha256(data) !== meta.sha256) throw new BlobDamagedError(key, 'checksum mismatch');
    return { data, contentType: answer.ContentType ?? 'application/octet-stream', size: data.length };
  }

  /** The recorded checksum and length of a stored object, without its bytes; null when absent. */
  async stat(key: string): Promise<{ sha256: string | null; size: number } | null> {
    assertSafeKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { sha256: head.Metadata?.sha256 ?? null, size: head.ContentLength ?? 0 };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  private async head(key: string): Promise<{ contentType: string; size: number } | null> {
    const kept = this.heads.get(key);
    if (kept) return kept;
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      const found = {
        contentType: head.ContentType ?? 'application/octet-stream',
        size: head.ContentLength ?? 0,
      };
      S3BlobStore.keep(this.heads, key, found);
      return found;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  /** A short-lived GET link to the object, answered with its stored type and `cacheControl`. */
  async link(key: string, options: BlobLinkOptions): Promise<BlobLink | null> {
    assertSafeKey(key);
    const head = await this.head(key);
    if (!head) return null;
    const linkKey = `${options.cacheControl}\n${key}`;
    const now = Date.now();
    const kept = this.links.get(linkKey);
    if (kept && kept.renewAt > now) return { url: kept.url, ...head };
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentType: head.contentType,
      ResponseCacheControl: options.cacheControl,
    });
    const url = await getSignedUrl(this.client, command, { expiresIn: options.expiresInSeconds });
    S3BlobStore.keep(this.links, linkKey, { url, renewAt: now + (options.expiresInSeconds * 1000) / 2 });
    return { url, ...head };
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    this.forget(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async deletePrefix(prefix: string): Promise<void> {
    const base = folderOf(prefix);
    for (const key of [...this.heads.keys()])
      if (key === base || key.startsWith(`${base}/`)) this.forget(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: base }));
    for await (const page of this.pages(`${base}/`)) {
      const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
      for (let at = 0; at < keys.length; at += DELETE_BATCH) {
        const { Errors } = await this.client.send(
          new DeleteObjectsCommand({
            Bucket: this.bucket,
            Delete: { Objects: keys.slice(at, at + DELETE_BATCH), Quiet: true },
          }),
        );
        const failed = (Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
        if (failed.length > 0)
          throw new Error(`Could not delete ${failed.length} blobs under ${base}/: ${failed[0]?.Message}`);
      }
    }
  }

  async listFolders(folder: string): Promise<string[]> {
    const base = folderOf(folder);
    const folders: string[] = [];
    for await (const page of this.pages(`${base}/`, '/'))
      for (const p of page.CommonPrefixes ?? [])
        if (p.Prefix) folders.push(p.Prefix.slice(base.length + 1).replace(/\/$/, ''));
    return folders;
  }

  async folderModifiedAt(prefix: string): Promise<Date | null> {
    let latest: number | null = null;
    for await (const page of this.pages(`${folderOf(prefix)}/`))
      for (const o of page.Contents ?? [])
        if (o.LastModified) latest = Math.max(latest ?? 0, o.LastModified.getTime());
    return latest === null ? null : new Date(latest);
  }

  async *keys(): AsyncIterable<string> {
    for await (const page of this.pages('')) for (const o of page.Contents ?? []) if (o.Key) yield o.Key;
  }

  /** Every page of a listing, 1,000 keys at a time. */
  private async *pages(prefix: string, delimiter?: string): AsyncIterable<ListObjectsV2CommandOutput> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: prefix || undefined,
          Delimiter: delimiter,
          ContinuationToken: token,
        }),
      );
      yield page;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  close(): void {
    this.client.destroy();
  }
}
