import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackS3, type LoopbackS3 } from '../bff/src/testing/s3-server';
import { hasChromium } from './support/browser';
import { controlledBy, expectUnreachable, imagesLoaded, serverProjects, setOffline } from './support/offline';
import { offlineSteps, poll, SLOW } from './support/offline-steps';
import { useOfflineApp } from './support/use-offline-app';

let s3: LoopbackS3 | undefined;
beforeAll(async () => {
  s3 = await startLoopbackS3();
});
afterAll(() => s3?.stop());

describe.skipIf(!hasChromium)(
  'images on object storage, delivered by presigned redirects, in Chromium',
  () => {
    const app = useOfflineApp({ firstName: 'Sam', lastName: 'Bucket' }, () => ({
      ...(s3?.env ?? {}),
      S3_DELIVERY: 'redirect',
    }));
    const { recent, generateSingle, allCompleted } = offlineSteps(app);

    it('stages a photo, shows its images from the bucket, and still shows them offline', async () => {
      const { context, page, server } = app;
      await controlledBy(page, `${server.url}/app`);
      await generateSingle('loft.jpg', 2);
      await allCompleted(1);

      const [project] = await serverProjects(page, server);
      const thumb = new URL(project?.thumbnailUrl ?? '', server.url).href;
      // The server only checks the owner and signs a link: the bytes come from the bucket.
      const answer = await page.request.get(thumb, { maxRedirects: 0 });
      expect(answer.status()).toBe(302);
      expect(answer.headers().location?.startsWith(`${s3?.endpoint}/`)).toBe(true);

      await recent().waitFor(SLOW);
      await expect.poll(() => imagesLoaded(page, '[aria-labelledby="recent-projects-title"]'), poll).toBe(1);
      await recent()
        .getByRole('button', { name: /^View Project / })
        .click();
      const comparison = page.getByRole('region', { name: /^Before & After Comparison - / });
      await comparison.waitFor(SLOW);
      await expect
        .poll(() => imagesLoaded(page, '[aria-label^="Before & After Comparison"]'), poll)
        .toBeGreaterThan(1);
      // The service worker kept the bucket's answer (readable, not opaque) under the app's own URL.
      const cached = await page.evaluate(
        (url) =>
          caches
            .match(url)
            .then((r) => (r ? { status: r.status, type: r.headers.get('content-type') } : null)),
        thumb,
      );
      expect(cached).toEqual({ status: 200, type: 'image/jpeg' });

      await setOffline(context, page, true);
      try {
        await page.reload();
        await expectUnreachable(page);
        await recent().waitFor(SLOW);
        await expect
          .poll(() => imagesLoaded(page, '[aria-labelledby="recent-projects-title"]'), poll)
          .toBe(1);
        await recent()
          .getByRole('button', { name: /^View Project / })
          .click();
        await comparison.waitFor(SLOW);
        await expect
          .poll(() => imagesLoaded(page, '[aria-label^="Before & After Comparison"]'), poll)
          .toBeGreaterThan(1);
      } finally {
        await setOffline(context, page, false);
      }
      // Nothing refused on the way (a CSP violation is a console error); offline fetches fail as they should.
      expect(app.problems.filter((p) => !p.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
    }, 240_000);
  },
);
