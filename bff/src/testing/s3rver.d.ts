/** The part of s3rver (a loopback S3 server, no types of its own) the tests use. */
declare module 's3rver' {
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    resetOnClose?: boolean;
    configureBuckets?: { name: string; configs: (string | Buffer)[] }[];
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}

/** The filesystem store behind s3rver, whose listing the tests correct. */
declare module 's3rver/lib/stores/filesystem.js' {
  const FilesystemStore: { prototype: object };
  export default FilesystemStore;
}
