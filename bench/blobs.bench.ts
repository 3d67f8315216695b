import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { signUp as signUpOverHttp } from '../bff/src/testing/auth-helpers';
import { startLoopbackS3 } from '../bff/src/testing/s3-server';
import { makeTwelveMegapixelPhoto } from './intake.bench';
import { cpuMs } from './support/cpu';
import { startAppServer, track } from './support/resources';
import type { Bench, BenchRow } from './types';

const DOWNLOADS = 300;
const WARM_UP = 30;
/** quality.md: answering with a presigned link costs the BFF under a fifth of streaming the bytes. */
const TARGET_RATIO = 0.2;

interface Measured {
  /** BFF CPU per download of an image viewed a moment before (the same image again and again). */
  repeatMs: number;
  /** BFF CPU per download of an image not downloaded before (a new project's original and thumbnail). */
  firstMs: number;
  /** BFF CPU per signed-in status request: the floor of any API call. */
  floorMs: number;
  bytes: number;
  status: number;
}

const FIRST_VIEW_PROJECTS = 40;
/** Photos a free account may stage in a month. */
const FREE_PHOTOS = 5;
const STAGE_FIELDS = {
  name: 'Bench room',
  stagingMode: 'stage',
  roomType: 'living-room',
  stylePreset: 'modern',
  colorPalette: 'neutral-warm',
};

/** BFF CPU per call of `get` over `urls`, in ms. */
async function cpuPerCall(
  pid: number,
  urls: string[],
  get: (url: string) => Promise<unknown>,
): Promise<number> {
  const before = await cpuMs(pid);
  for (const url of urls) await get(url);
  return ((await cpuMs(pid)) - before) / urls.length;
}

/** The real BFF on the loopback bucket, one user with FIRST_VIEW_PROJECTS projects of a 2048 px photo. */
async function measure(env: Record<string, string>, photo: Buffer): Promise<Measured> {
  const server = await startAppServer(env);
  try {
    const api = `${server.url}/api`;
    const headers = { Origin: server.url };
    const signUp = async () =>
      (await signUpOverHttp(server.url, { email: `bench-${randomUUID()}@example.com` })).cookie;
    // Free accounts stage a few photos a month: several accounts make enough images never downloaded.
    const projects: { cookie: string; id: string }[] = [];
    let cookie = '';
    for (let i = 0; i < FIRST_VIEW_PROJECTS; i++) {
      if (i % FREE_PHOTOS === 0) cookie = await signUp();
      const form = new FormData();
      form.set('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'room.jpg');
      for (const [k, v] of Object.entries(STAGE_FIELDS)) form.set(k, v);
      const created = await fetch(`${api}/projects`, {
        method: 'POST',
        headers: { ...headers, cookie },
        body: form,
      });
      if (created.status !== 201) throw new Error(`upload failed: ${created.status} ${await created.text()}`);
      projects.push({ cookie, id: ((await created.json()) as { id: string }).id });
    }
    const cookies = new Map<string, string>();
    let last = { status: 0, bytes: 0 };
    // The redirect is not followed: what the bucket then sends costs the BFF nothing.
    const get = async (url: string) => {
      const res = await fetch(url, { headers: { cookie: cookies.get(url) ?? '' }, redirect: 'manual' });
      last = { status: res.status, bytes: (await res.arrayBuffer()).byteLength };
    };
    const url = (p: { cookie: string; id: string }, path: string) => {
      const u = `${api}/projects/${p.id}/${path}`;
      cookies.set(u, p.cookie);
      return u;
    };
    const [warm, ...rest] = projects;
    if (!warm) throw new Error('no project');
    const repeated = Array.from({ length: DOWNLOADS }, () => url(warm, 'images/original'));
    const first = rest.flatMap((p) => [url(p, 'images/original'), url(p, 'images/thumb')]);
    const status = repeated.map(() => url(warm, 'status'));
    for (const url of [...status, ...repeated].slice(0, WARM_UP * 2)) await get(url);
    const floorMs = await cpuPerCall(server.pid, status, get);
    const firstMs = await cpuPerCall(server.pid, first, get);
    const repeatMs = await cpuPerCall(server.pid, repeated, get);
    return { repeatMs, firstMs, floorMs, ...last };
  } finally {
    await server.stop();
  }
}

/** BFF CPU per image download with images on S3: streamed through the BFF vs a 302 to a presigned link. */
export const blobsBench: Bench = {
  name: 'blobs',
  async run() {
    const s3 = await startLoopbackS3('stagely-bench');
    track(() => s3.stop());
    const photo = await sharp(await makeTwelveMegapixelPhoto())
      .resize({ width: 2048 })
      .jpeg({ quality: 90 })
      .toBuffer();
    // The preview engine would stage in the background and share the CPU: no worker in these servers.
    const env = { ...s3.env, WORKER_ENABLED: 'false', REGISTRATIONS_PER_IP: '1000' };
    const stream = await measure({ ...env, S3_DELIVERY: 'stream' }, photo);
    const redirect = await measure({ ...env, S3_DELIVERY: 'redirect' }, photo);
    if (stream.status !== 200 || redirect.status !== 302)
      throw new Error(`unexpected answers: stream ${stream.status}, redirect ${redirect.status}`);
    const ratio = redirect.repeatMs / stream.repeatMs;
    const firstRatio = redirect.firstMs / stream.firstMs;
    const rows: BenchRow[] = [
      {
        figure: `streamed from S3: BFF CPU per download (2048 px JPEG, ${Math.round(stream.bytes / 1024)} KB)`,
        value: `${stream.repeatMs.toFixed(2)} ms (first download of an image: ${stream.firstMs.toFixed(2)} ms)`,
        data: { streamCpuMs: stream.repeatMs, streamFirstCpuMs: stream.firstMs, bytes: stream.bytes },
      },
      {
        figure: '302 to a presigned link: BFF CPU per repeat view (link reused)',
        value: `${redirect.repeatMs.toFixed(2)} ms (${Math.round(ratio * 100)}% of streaming)`,
        target: `< ${TARGET_RATIO * 100}% of streaming`,
        ok: ratio < TARGET_RATIO,
        data: { redirectCpuMs: redirect.repeatMs, ratio },
      },
      {
        figure: '302 to a presigned link: BFF CPU per first view (new signature)',
        value: `${redirect.firstMs.toFixed(2)} ms (${Math.round(firstRatio * 100)}% of streaming it)`,
        target: `< ${TARGET_RATIO * 100}% of streaming`,
        ok: firstRatio < TARGET_RATIO,
        data: { redirectFirstCpuMs: redirect.firstMs, firstRatio },
      },
      {
        figure: 'BFF CPU per signed-in status request (floor of any API call)',
        value: `${redirect.floorMs.toFixed(2)} ms`,
        data: { floorCpuMs: redirect.floorMs },
      },
    ];
    return rows;
  },
};
