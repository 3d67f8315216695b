import { signUp } from '../bff/src/testing/auth-helpers';
import type { CookieJar } from '../bff/src/testing/cookie-jar';
import { postProject } from '../bff/src/testing/staging-helpers';
import { makeTwelveMegapixelPhoto } from './intake.bench';
import { startAppServer } from './support/resources';
import { mb, peakDuring, rssBytes } from './support/rss';
import type { Bench, BenchRow } from './types';

const USERS = 50;
const UPLOADS_PER_USER = 2;
const PEAK_TARGET_MB = 600;
const AFTER_TARGET_RATIO = 1.5;
const SETTLE_MS = 60_000;

/**
 * Server memory under 50 signed-in users each sending 2 camera photos (12 MP, 3.9 MB, not resized by
 * a PWA) at once; the staging worker is off, so only the upload path (read, decode, store) is measured.
 */
export const memoryBench: Bench = {
  name: 'memory',
  async run() {
    const server = await startAppServer({
      WORKER_ENABLED: 'false',
      LOG_LEVEL: 'error',
      // Every bench user signs up from 127.0.0.1.
      REGISTRATIONS_PER_IP: '1000',
    });
    const photo = await makeTwelveMegapixelPhoto();
    const jars: CookieJar[] = [];
    for (let i = 0; i < USERS; i++) jars.push((await signUp(server.url)).jar);
    await new Promise((r) => setTimeout(r, 2000));
    const idle = await rssBytes(server.pid);

    const statuses: number[] = [];
    const started = performance.now();
    const peak = await peakDuring(server.pid, () =>
      Promise.all(
        jars.flatMap((jar) =>
          Array.from({ length: UPLOADS_PER_USER }, async () => {
            const res = await postProject(server.url, jar, { photo });
            statuses.push(res.status);
            await res.arrayBuffer();
          }),
        ),
      ),
    );
    const loadMs = performance.now() - started;
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const after = await rssBytes(server.pid);
    await server.stop();

    const created = statuses.filter((s) => s === 201).length;
    const total = USERS * UPLOADS_PER_USER;
    const rows: BenchRow[] = [
      {
        figure: `load: ${USERS} users x ${UPLOADS_PER_USER} uploads at once (12 MP camera JPEG, ${mb(photo.length).toFixed(1)} MB)`,
        value: `${created} of ${total} created in ${(loadMs / 1000).toFixed(1)} s`,
        target: `${total} of ${total}`,
        ok: created === total,
        data: { created, total, loadMs },
      },
      {
        figure: 'server RSS: idle / peak during the load / 60 s after',
        value: `${mb(idle).toFixed(0)} / ${mb(peak).toFixed(0)} / ${mb(after).toFixed(0)} MB`,
        data: { idleMb: mb(idle), peakMb: mb(peak), afterMb: mb(after) },
      },
      {
        figure: 'server RSS peak during the load',
        value: `${mb(peak).toFixed(0)} MB`,
        target: `< ${PEAK_TARGET_MB} MB`,
        ok: mb(peak) < PEAK_TARGET_MB,
      },
      {
        figure: 'server RSS 60 s after the load / idle',
        value: `${(after / idle).toFixed(2)}x`,
        target: `< ${AFTER_TARGET_RATIO}x`,
        ok: after / idle < AFTER_TARGET_RATIO,
      },
    ];
    return rows;
  },
};
