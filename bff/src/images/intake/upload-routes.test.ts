import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '@shared/domain';
import { signUp } from '../../testing/auth-helpers';
import type { CookieJar } from '../../testing/cookie-jar';
import { badFiles, makePhoto, multipart, POLYGLOT_PAYLOAD, polyglotJpeg } from '../../testing/images';
import { streamOf } from '../../testing/routes';
import { storedState, type StoredState } from '../../testing/stored-state';
import { useTestApp } from '../../testing/use-test-app';
import { refusalSentences, uploadRoutes } from '../../testing/upload-routes';

const MB = 1024 * 1024;

/** A multipart body sent as a chunked stream (no Content-Length), so only streaming can catch its size. */
function streamedUpload(file: Buffer): { body: ReadableStream<Uint8Array>; contentType: string } {
  const boundary = 'stagely-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="roomType"\r\n\r\nbedroom\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    body: streamOf(Buffer.concat([head, file, tail])),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

describe('every upload route refuses bad files cleanly', () => {
  const t = useTestApp();
  let jar: CookieJar;
  let before: StoredState;
  const routes = uploadRoutes();

  beforeAll(async () => {
    jar = (await signUp(t.url)).jar;
    before = await storedState(t);
  });

  it('answers each bad file on each route with a 4xx sentence in well under a second', async () => {
    expect(routes.map((r) => r.path).sort()).toEqual([
      '/api/analyze',
      '/api/demo/stage',
      '/api/projects',
      '/api/properties/{id}/rooms',
      '/api/provenance',
      '/api/user/profile-image',
    ]);
    const bad = await badFiles();
    for (const route of routes) {
      // A valid JPEG padded past the route's limit, like the 10.2 MiB fixture.
      const oversize = Buffer.concat([await makePhoto(), Buffer.alloc(route.maxBytes + MB / 5)]);
      for (const file of [...bad, { name: 'too-large.jpg', data: oversize, status: 413 }]) {
        const started = performance.now();
        const res = await jar.fetch(`${t.url}${route.url}`, {
          method: 'POST',
          body: multipart(route.fields, { data: file.data, name: file.name }),
        });
        const ms = performance.now() - started;
        const body = (await res.json()) as { error: string; message: string };
        const what = `${route.path} ${file.name}: ${body.message}`;
        expect(res.status, what).toBe(file.status);
        expect(refusalSentences(route).has(body.message), what).toBe(true);
        if (file.status === 415) expect(body.message, what).toBe(route.messages.unsupportedType);
        if (file.status === 413) expect(body.message, what).toBe(route.messages.tooLarge);
        expect(ms, what).toBeLessThan(1000);
      }
      expect((await fetch(`${t.url}/api/health`)).status).toBe(200);
    }
  });

  it('names the accepted types and the 10 MB limit in its sentences', async () => {
    const oversize = Buffer.concat([await makePhoto(), Buffer.alloc(Math.round(10.2 * MB))]);
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
    const oversize = Buffer.concat([await makePhoto(), Buffer.alloc(Math.round(10.2 * MB))]);
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
    for (const route of routes) {
      const none = await jar.fetch(`${t.url}${route.url}`, {
        method: 'POST',
        body: multipart(route.fields),
      });
      expect(none.status, route.path).toBe(400);
      expect(await none.json(), route.path).toEqual({
        error: 'missing_file',
        message: UPLOAD_MESSAGES.missingFile,
      });
    }
    const json = await jar.fetch(`${t.url}/api/analyze`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(415);
  });

  it('stored nothing and charged nothing for any of it', async () => {
    // Only the attempt counters moved: they are what stops anyone hammering the intake.
    const { 'collection rateLimits': _counters, ...now } = await storedState(t);
    const { 'collection rateLimits': _before, ...then } = before;
    expect(now).toEqual(then);
  });
});

describe('a JPEG with an HTML page appended (polyglot)', () => {
  const t = useTestApp();

  it('is accepted on every upload route only as a re-encoded image: nothing stored or served carries the page', async () => {
    const { jar } = await signUp(t.url);
    const photo = await polyglotJpeg();
    const served: string[] = [];
    for (const route of uploadRoutes()) {
      const res = await jar.fetch(`${t.url}${route.url}`, {
        method: 'POST',
        body: multipart(route.fields, { data: photo, name: 'room.jpg' }),
      });
      expect(res.status, route.path).toBe(route.acceptedStatus);
      const body = (await res.json()) as { originalImageUrl?: string; profileImageUrl?: string };
      if (body.originalImageUrl)
        served.push(body.originalImageUrl, body.originalImageUrl.replace(/original$/, 'thumb'));
      if (body.profileImageUrl) served.push(body.profileImageUrl);
    }
    expect(served).toHaveLength(7);
    for (const url of served) {
      // Asked for as a page, it is still only the image type it is, never sniffed into HTML.
      const res = await jar.fetch(`${t.url}${url}`, { headers: { Accept: 'text/html' } });
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type'), url).toMatch(/^image\/(jpeg|webp)$/);
      expect(res.headers.get('x-content-type-options'), url).toBe('nosniff');
      expect(Buffer.from(await res.arrayBuffer()).includes('<script'), url).toBe(false);
    }
    const state = await storedState(t);
    const blobDir = path.join(t.deps.config.dataDir, 'blobs');
    const files = Object.keys(state).filter((k) => k.startsWith('file '));
    expect(files.length).toBeGreaterThanOrEqual(5);
    for (const key of files) {
      const bytes = await readFile(path.join(blobDir, key.slice('file '.length)));
      expect(bytes.includes(POLYGLOT_PAYLOAD), key).toBe(false);
    }
  });
});
