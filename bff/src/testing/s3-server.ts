import crypto from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import FilesystemStore from 's3rver/lib/stores/filesystem.js';

/** The keys s3rver checks request signatures against. */
const ACCESS_KEY = 'S3RVER';

/** Pages of the app (another port) read presigned links in CORS mode: the service worker caches them. */
const CORS = `<CORSConfiguration><CORSRule>
  <AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod>
  <AllowedHeader>*</AllowedHeader><MaxAgeSeconds>3000</MaxAgeSeconds>
</CORSRule></CORSConfiguration>`;

/**
 * s3rver makes its ListObjectsV2 continuation tokens with DES, which OpenSSL 3 (Node 20) no longer offers,
 * so listings past 1,000 keys failed. The tokens are opaque to clients: here they are kept in clear.
 */
function allowPagedListings(): void {
  const clear = { update: (data: string | Buffer) => Buffer.from(data), final: () => Buffer.alloc(0) };
  const { createCipheriv, createDecipheriv } = crypto;
  if ((createCipheriv as { clearDes?: true }).clearDes) return;
  const cipher = ((algorithm: string, ...rest: unknown[]) =>
    algorithm === 'des'
      ? clear
      : (createCipheriv as (...args: unknown[]) => unknown)(algorithm, ...rest)) as typeof createCipheriv;
  const decipher = ((algorithm: string, ...rest: unknown[]) =>
    algorithm === 'des'
      ? clear
      : (createDecipheriv as (...args: unknown[]) => unknown)(algorithm, ...rest)) as typeof createDecipheriv;
  crypto.createCipheriv = Object.assign(cipher, { clearDes: true as const });
  crypto.createDecipheriv = decipher;
}

/**
 * s3rver does not walk folders below a common prefix, so `projects/` with a delimiter misses a folder
 * whose objects are all deeper (`properties/p/rooms/r/original.jpg`). S3 lists it: here the folders are
 * found from every key under the prefix, as S3 does.
 */
function listDeepFolders(): void {
  type Listing = { objects: { key: string }[]; commonPrefixes: string[]; isTruncated: boolean };
  type Options = { delimiter?: string; prefix?: string; startAfter?: string; maxKeys?: number };
  const proto = FilesystemStore.prototype as unknown as {
    listObjects: (bucket: string, options: Options) => Promise<Listing>;
    deepFolders?: true;
  };
  if (proto.deepFolders) return;
  const list = proto.listObjects;
  proto.deepFolders = true;
  proto.listObjects = async function (this: unknown, bucket, options) {
    const { delimiter, prefix = '', maxKeys = Infinity } = options;
    if (!delimiter) return list.call(this, bucket, options);
    const all = await list.call(this, bucket, { ...options, delimiter: '', maxKeys: Infinity });
    const commonPrefixes = new Set<string>();
    const objects = all.objects.filter(({ key }) => {
      const at = key.indexOf(delimiter, prefix.length);
      if (at !== -1) commonPrefixes.add(key.slice(0, at + 1));
      return at === -1;
    });
    return {
      objects: objects.slice(0, maxKeys),
      commonPrefixes: [...commonPrefixes].sort(),
      isTruncated: objects.length > maxKeys,
    };
  };
}

export interface LoopbackS3 {
  endpoint: string;
  bucket: string;
  /** What the BFF needs to use it (credentials for the SDK's default chain included). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * A loopback S3-compatible server (s3rver) with one empty bucket, for tests through the real SDK.
 * Also sets the SDK's credentials in this process's environment, as a deployment would.
 */
export async function startLoopbackS3(bucket = 'stagely-test'): Promise<LoopbackS3> {
  allowPagedListings();
  listDeepFolders();
  const directory = await mkdtemp(path.join(os.tmpdir(), 'stagely-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [CORS] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const env = {
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_FORCE_PATH_STYLE: 'true',
    AWS_ACCESS_KEY_ID: ACCESS_KEY,
    AWS_SECRET_ACCESS_KEY: ACCESS_KEY,
  };
  process.env.AWS_ACCESS_KEY_ID = ACCESS_KEY;
  process.env.AWS_SECRET_ACCESS_KEY = ACCESS_KEY;
  return {
    endpoint,
    bucket,
    env,
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
