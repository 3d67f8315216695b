import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '@shared/domain';
import { signUp } from '../testing/auth-helpers';
import type { CookieJar } from '../testing/cookie-jar';
import { badFiles, makePhoto, multipart } from '../testing/images';
import { startTestApp, type TestApp } from '../testing/test-app';

const MB = 1024 * 1024;

/** A multipart body sent as a chunked stream (no Content-Length), so only streaming can catch its size. */
function streamedUpload(file: Buffer): { body: ReadableStream<Uint8Array>; contentType: string } {
  const boundary = 'stagely-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="roomType"\r\n\r\nbedroom\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const parts = [
    head,
    ...Array.from({ length: Math.ceil(file.length / 65536) }, (_, i) =>
      file.subarray(i * 65536, (i + 1) * 65536),
    ),
    tail,
  ];
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = parts[i++];
      if (next) controller.enqueue(new Uint8Array(next));
      else controller.close();
    },
  });
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function countFiles(dir: string): Promise<number> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).length;
  } catch {
    return 0;
  }
}

describe('every upload route refuses bad files cleanly', () => {
  let t: TestApp;
  let jar: CookieJar;
  let oversize: Buffer;
  const routes: { path: string; fields: Record<string, string> }[] = [
    { path: '/api/analyze', fields: {} },
    { path: '/api/demo/stage', fields: { roomType: 'bedroom', stagingMode: 'stage', stylePreset: 'modern' } },
    { path: '/api/projects', fields: { stagingMode: 'stage', roomType: 'bedroom', stylePreset: 'modern' } },
  ];

  beforeAll(async () => {
    t = await startTestApp();
    jar = (await signUp(t.url)).jar;
    // A valid JPEG padded past the limit, like the 10.2 MiB fixture.
    oversize = Buffer.concat([await makePhoto(), Buffer.alloc(Math.round(10.2 * MB))]);
  });
  afterAll(() => t.close());

  it('answers each bad file on each route with a 4xx sentence in well under a second', async () => {
    const files = [...(await badFiles()), { name: 'too-large.jpg', data: oversize, status: 413 }];
    for (const route of routes) {
      for (const bad of files) {
        const started = performance.now();
        const res = await jar.fetch(`${t.url}${route.path}`, {
          method: 'POST',
          body: multipart(route.fields, { data: bad.data, name: bad.name }),
        });
        const ms = performance.now() - started;
        const body = (await res.json()) as { error: string; message: string };
        expect(res.status, `${route.path} ${bad.name}: ${body.message}`).toBe(bad.status);
        expect(body.message, `${route.path} ${bad.name}`).toMatch(/^[A-Z].{10,}\.$/);
        expect(ms, `${route.path} ${bad.name}`).toBeLessThan(1000);
      }
      expect((await fetch(`${t.url}/api/health`)).status).toBe(200);
    }
  });

  it('names the accepted types and the 10 MB limit in its sentences', async () => {
    const gif = await jar.fetch(`${t.url}/api/analyze`, {
      method: 'POST',
      body: multipart(
        {},
        { data: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), name: 'a.gif' },
      ),
    });
    expect(((await gif.json()) as { message: string }).message).toBe(UPLOAD_MESSAGES.unsupportedType);
    const big = await jar.fetch(`${t.url}/api/analyze`, {
      method: 'POST',
      body: multipart({}, { data: oversize }),
    });
    expect(((await big.json()) as { message: string }).message).toBe(UPLOAD_MESSAGES.tooLarge);
  });

  it('stops a streamed oversize upload (no Content-Length) while it arrives', async () => {
    const { body, contentType } = streamedUpload(oversize);
    const res = await fetch(`${t.url}/api/demo/stage`, {
      method: 'POST',
      headers: { 'Content-Type': contentType },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toBe(UPLOAD_MESSAGES.tooLarge);
  });

  it('refuses uploads without the image part or not sent as multipart', async () => {
    const none = await jar.fetch(`${t.url}/api/projects`, {
      method: 'POST',
      body: multipart({ stagingMode: 'stage', roomType: 'bedroom' }),
    });
    expect(none.status).toBe(400);
    expect(((await none.json()) as { message: string }).message).toBe(UPLOAD_MESSAGES.missingFile);
    const json = await jar.fetch(`${t.url}/api/analyze`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(415);
  });

  it('stored nothing and charged nothing for any of it', async () => {
    expect(await t.deps.store.collections.projects.countDocuments({})).toBe(0);
    expect(await t.deps.store.collections.usage.countDocuments({ used: { $gt: 0 } })).toBe(0);
    expect(await countFiles(path.join(t.deps.config.dataDir, 'blobs', 'projects'))).toBe(0);
  });
});
