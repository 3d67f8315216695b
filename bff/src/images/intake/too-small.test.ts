import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_PHOTO_ASPECT_RATIO,
  MIN_PHOTO_SHORT_EDGE,
  UPLOAD_MESSAGES,
  currentUsageMonth,
} from '@shared/domain';
import { signUp } from '../../testing/auth-helpers';
import type { CookieJar } from '../../testing/cookie-jar';
import { makePhoto, multipart } from '../../testing/images';
import { storedState } from '../../testing/stored-state';
import { uploadRoutes } from '../../testing/upload-routes';
import { useTestApp } from '../../testing/use-test-app';

/** The routes that take a room photo to stage (a profile picture may be any size). */
const ROOM_PHOTO_ROUTES = ['/api/projects', '/api/demo/stage', '/api/analyze', '/api/properties/{id}/rooms'];

/** Thumbnails and icons in every accepted type; one is tall, one only small once EXIF turns it upright. */
const TOO_SMALL = [
  { format: 'png', width: 64, height: 64 },
  { format: 'jpeg', width: 320, height: 240 },
  { format: 'webp', width: 1024, height: MIN_PHOTO_SHORT_EDGE - 1 },
  { format: 'jpeg', width: 400, height: 1200, orientation: 6 },
] as const;

describe('photos too small to stage are refused at upload', () => {
  const t = useTestApp();
  let jar: CookieJar;
  let userId: string;
  const routes = uploadRoutes().filter((r) => ROOM_PHOTO_ROUTES.includes(r.path));

  beforeAll(async () => {
    ({
      jar,
      user: { id: userId },
    } = await signUp(t.url));
  });

  it('names the minimum in the sentence', () => {
    expect(UPLOAD_MESSAGES.tooSmall).toContain(`at least ${MIN_PHOTO_SHORT_EDGE} pixels on its shorter side`);
    expect(routes.map((r) => r.path).sort()).toEqual([...ROOM_PHOTO_ROUTES].sort());
  });

  it('answers 422 image_too_small on every room-photo route, stores nothing and uses no credit', async () => {
    const before = await storedState(t, ['rateLimits']);
    for (const route of routes) {
      for (const size of TOO_SMALL) {
        const data = await makePhoto(size);
        const res = await jar.fetch(`${t.url}${route.url}`, {
          method: 'POST',
          body: multipart(route.fields, { data, name: `tiny.${size.format}` }),
        });
        const what = `${route.path} ${size.format} ${size.width}x${size.height}`;
        expect(res.status, what).toBe(422);
        expect(await res.json(), what).toEqual({
          error: 'image_too_small',
          message: UPLOAD_MESSAGES.tooSmall,
        });
      }
    }
    expect(await storedState(t, ['rateLimits'])).toEqual(before);
    expect(await t.deps.repos.usage.getUsed(userId, currentUsageMonth())).toBe(0);
  });

  it('refuses a strip whose stored short edge would fall below the minimum (422 image_too_narrow)', async () => {
    const before = await storedState(t, ['rateLimits']);
    const strips = [
      { route: '/api/projects', width: 60_000, height: 600 },
      ...routes.map((r) => ({ route: r.path, width: 600, height: 600 * MAX_PHOTO_ASPECT_RATIO + 1 })),
    ];
    for (const { route: path, width, height } of strips) {
      const route = routes.find((r) => r.path === path)!;
      // Past what an SVG renders: a plain JPEG of that size.
      const data =
        width > 30_000
          ? await sharp({ create: { width, height, channels: 3, background: '#a08c70' } })
              .jpeg()
              .toBuffer()
          : await makePhoto({ width, height });
      const res = await jar.fetch(`${t.url}${route.url}`, {
        method: 'POST',
        body: multipart(route.fields, { data }),
      });
      const what = `${path} ${width}x${height}`;
      expect(res.status, what).toBe(422);
      expect(await res.json(), what).toEqual({
        error: 'image_too_narrow',
        message: UPLOAD_MESSAGES.tooNarrow,
      });
    }
    expect(await storedState(t, ['rateLimits'])).toEqual(before);
    expect(await t.deps.repos.usage.getUsed(userId, currentUsageMonth())).toBe(0);
  });

  it('takes a photo exactly at the minimum, also one that is wide', async () => {
    for (const route of routes) {
      for (const [width, height] of [
        [MIN_PHOTO_SHORT_EDGE, MIN_PHOTO_SHORT_EDGE],
        [2048, MIN_PHOTO_SHORT_EDGE],
      ]) {
        const data = await makePhoto({ width, height });
        const res = await jar.fetch(`${t.url}${route.url}`, {
          method: 'POST',
          body: multipart(route.fields, { data }),
        });
        expect(res.status, `${route.path} ${width}x${height}`).toBe(route.acceptedStatus);
      }
    }
  });
});
