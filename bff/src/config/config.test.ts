import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('object storage configuration', () => {
  it('keeps images beside the documents unless a bucket is set, whatever the document store', () => {
    expect(loadConfig({}).blobKind).toBe('files');
    expect(loadConfig({ MONGODB_URI: 'mongodb://db/x' }).blobKind).toBe('gridfs');
    const s3 = loadConfig({ MONGODB_URI: 'mongodb://db/x', S3_BUCKET: 'stagely-images' });
    expect([s3.blobKind, s3.S3_REGION, s3.S3_DELIVERY, s3.S3_LINK_SECONDS]).toEqual([
      's3',
      'us-east-1',
      'stream',
      300,
    ]);
    expect(s3.blobLinkOrigin).toBeNull();
  });

  it('knows where presigned links point, for the CSP', () => {
    const redirect = { S3_BUCKET: 'stagely-images', S3_DELIVERY: 'redirect' };
    expect(loadConfig({ ...redirect, S3_REGION: 'eu-west-3' }).blobLinkOrigin).toBe(
      'https://stagely-images.s3.eu-west-3.amazonaws.com',
    );
    expect(
      loadConfig({ ...redirect, S3_ENDPOINT: 'http://127.0.0.1:9000/', S3_FORCE_PATH_STYLE: 'true' })
        .blobLinkOrigin,
    ).toBe('http://127.0.0.1:9000');
    expect(loadConfig({ ...redirect, S3_ENDPOINT: 'https://r2.example.com' }).blobLinkOrigin).toBe(
      'https://stagely-images.r2.example.com',
    );
  });

  it('refuses settings that cannot work, with the variable named', () => {
    const refusal = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        return (err as Error).message;
      }
      return 'accepted';
    };
    expect(refusal({ S3_DELIVERY: 'redirect' })).toMatch(/S3_DELIVERY: redirect needs S3_BUCKET/);
    expect(refusal({ S3_BUCKET: 'Bad_Bucket!' })).toMatch(/S3_BUCKET: must be an S3 bucket name/);
    expect(refusal({ S3_BUCKET: 'ok-bucket', S3_ENDPOINT: 'ftp://x' })).toMatch(/S3_ENDPOINT/);
    expect(refusal({ S3_BUCKET: 'ok-bucket', S3_DELIVERY: 'proxy' })).toMatch(/S3_DELIVERY/);
    expect(refusal({ S3_BUCKET: 'ok-bucket', S3_LINK_SECONDS: '999999' })).toMatch(/S3_LINK_SECONDS/);
  });
});
