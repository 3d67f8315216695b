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

interface SetUp {
  name: string;
  env: Record<string, string>;
}

/** The default (the in-process staging worker stages the photos as they come) and the upload path alone. */
const SET_UPS: SetUp[] = [
  { name: 'default, in-process worker on', env: {} },
  { name: 'worker off, upload path only', env: { WORKER_ENABLED: 'false' } },
];

async function measure({ name, env }: SetUp, photo: Buffer): Promise<BenchRow[]> {
  const server = await startAppServer({
    ...env,
    LOG_LEVEL: 'error',
    // Every bench user signs up from 127.0.0.1.
    REGISTRATIONS_PER_IP: '1000',
  });
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
  return [
    {
      figure: `${name}: load: ${USERS} users x ${UPLOADS_PER_USER} uploads at once (12 MP camera JPEG, ${mb(photo.length).toFixed(1)} MB)`,
      value: `${created} of ${total} created in ${(loadMs / 1000).toFixed(1)} s`,
      target: `${total} of ${total}`,
      ok: created === total,
      data: { created, total, loadMs },
    },
    {
      figure: `${name}: server RSS: idle / peak during the load / 60 s after`,
      value: `${mb(idle).toFixed(0)} / ${mb(peak).toFixed(0)} / ${mb(after).toFixed(0)} MB`,
      data: { idleMb: mb(idle), peakMb: mb(peak), afterMb: mb(after) },
    },
    {
      figure: `${name}: server RSS peak during the load`,
      value: `${mb(peak).toFixed(0)} MB`,
      target: `< ${PEAK_TARGET_MB} MB`,
      ok: mb(peak) < PEAK_TARGET_MB,
    },
    {
      figure: `${name}: server RSS 60 s after the load / idle`,
      value: `${(after / idle).toFixed(2)}x`,
      target: `< ${AFTER_TARGET_RATIO}x`,
      ok: after / idle < AFTER_TARGET_RATIO,
    },
  ];
}

/**
 * Server memory under 50 signed-in users each sending 2 camera photos (12 MP, 3.9 MB, not resized by
 * a PWA) at once, in the default set-up (the in-process worker stages them meanwhile) and with the
 * worker off (only the upload path: read, decode, store).
 */
export const memoryBench: Bench = {
  name: 'memory',
  async run() {
    const photo = await makeTwelveMegapixelPhoto();
    const rows: BenchRow[] = [];
    for (const setUp of SET_UPS) rows.push(...(await measure(setUp, photo)));
    return rows;
  },
};
