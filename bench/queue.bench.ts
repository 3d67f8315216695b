import { request as playwrightRequest, type APIRequestContext } from 'playwright-core';
import { FREE_GENERATIONS_PER_MONTH, PRIORITY_HEAD_START_SECONDS } from '@shared/domain';
import { E2E_PASSWORD, finishSignUp } from '../e2e/support/accounts';
import { becomePro, startFakeStripe } from '../e2e/support/pro-account';
import type { RunningServer } from '../e2e/support/server';
import { FakeOpenAI } from '../bff/src/testing/fake-openai';
import { makePhoto } from '../bff/src/testing/images';
import { startAppServer, track } from './support/resources';
import type { Bench, BenchRow } from './types';

const ROUNDS = 5;
/** Free jobs queued ahead of the two measured ones in each round. */
const QUEUED = 20;
/** The provider stand-in's time per staging. */
const PROVIDER_DELAY_MS = 200;
const ROUND_TIMEOUT_MS = 60_000;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
let accounts = 0;

async function account(server: RunningServer): Promise<APIRequestContext> {
  const ctx = await playwrightRequest.newContext({ extraHTTPHeaders: { Origin: server.url } });
  track(() => ctx.dispose());
  accounts += 1;
  const email = `queue-${accounts}-${Date.now()}@example.com`;
  const res = await ctx.post(`${server.url}/api/auth/register`, { data: { email, password: E2E_PASSWORD } });
  if (res.status() !== 202) throw new Error(`register: ${res.status()}`);
  await finishSignUp(ctx, server.url, email);
  return ctx;
}

/** Uploads a photo for staging; the custom prompt tags it, so the provider's request tells which it is. */
async function submit(ctx: APIRequestContext, url: string, photo: Buffer, tag: string): Promise<number> {
  const res = await ctx.post(`${url}/api/projects`, {
    multipart: {
      image: { name: 'room.jpg', mimeType: 'image/jpeg', buffer: photo },
      stagingMode: 'stage',
      roomType: 'living-room',
      stylePreset: 'modern',
      colorPalette: 'navy-gold',
      customPrompt: tag,
    },
  });
  if (res.status() !== 201) throw new Error(`POST /api/projects: ${res.status()} ${await res.text()}`);
  return performance.now();
}

/**
 * Wait before a job starts, Pro against free, behind a queue of free jobs: the real BFF with one
 * in-process worker (one job at a time) and OpenAI pointed at a stand-in here that answers after
 * 200 ms. Each round queues 20 free jobs, then one Pro and one free job (which first alternates); a
 * job's wait is from its upload's 201 to its edit request reaching the stand-in.
 */
export const queueBench: Bench = {
  name: 'queue',
  async run() {
    const fake = await FakeOpenAI.start();
    const closeFake = track(() => fake.close());
    fake.delayMs = PROVIDER_DELAY_MS;
    const { stripe, env: stripeEnv } = await startFakeStripe();
    const closeStripe = track(() => stripe.stop());
    const server = await startAppServer({
      ...fake.env,
      ...stripeEnv,
      WORKER_CONCURRENCY: '1',
      UPLOADS_PER_USER: String(FREE_GENERATIONS_PER_MONTH),
      REGISTRATIONS_PER_IP: '1000',
    });
    try {
      const photo = await makePhoto({ width: 1200, height: 900 });
      const pro = await account(server);
      await becomePro(pro, server, stripe);
      const proWaits: number[] = [];
      const freeWaits: number[] = [];
      const ahead: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const fillers = await Promise.all(
          Array.from({ length: QUEUED / FREE_GENERATIONS_PER_MONTH }, () => account(server)),
        );
        const free = await account(server);
        const before = fake.edits().length;
        await Promise.all(
          fillers.flatMap((ctx, a) =>
            Array.from({ length: FREE_GENERATIONS_PER_MONTH }, (_, j) =>
              submit(ctx, server.url, photo, `filler ${round}-${a}-${j}`),
            ),
          ),
        );
        const proTag = `probe pro ${round}`;
        const freeTag = `probe free ${round}`;
        const probes: [APIRequestContext, string][] = [
          [pro, proTag],
          [free, freeTag],
        ];
        if (round % 2 === 1) probes.reverse();
        const sentAt = new Map<string, number>();
        for (const [ctx, tag] of probes) {
          // Jobs still queued ahead: the fillers the stand-in has not been asked for yet.
          if (tag === proTag) ahead.push(QUEUED - (fake.edits().length - before));
          sentAt.set(tag, await submit(ctx, server.url, photo, tag));
        }
        const started = (tag: string) => fake.edits().find((e) => e.fields.prompt?.includes(tag))?.receivedAt;
        const deadline = Date.now() + ROUND_TIMEOUT_MS;
        // Every job of the round answered, so the next round starts with an idle worker.
        const edits = () => fake.edits().slice(before);
        while (edits().length < QUEUED + 2 || edits().some((e) => e.answeredAt === null)) {
          if (Date.now() > deadline) throw new Error(`round ${round} did not finish`);
          await new Promise((r) => setTimeout(r, 50));
        }
        proWaits.push((started(proTag) ?? 0) - (sentAt.get(proTag) ?? 0));
        freeWaits.push((started(freeTag) ?? 0) - (sentAt.get(freeTag) ?? 0));
      }
      const list = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ');
      const rows: BenchRow[] = [
        {
          figure: `wait before a Pro job starts, ${QUEUED} free jobs queued, one worker, ${PROVIDER_DELAY_MS} ms stand-in (median of ${ROUNDS})`,
          value: `${median(proWaits).toFixed(0)} ms (runs: ${list(proWaits)}; queued ahead: ${list(ahead)})`,
          data: { medianMs: median(proWaits), runs: list(proWaits) },
        },
        {
          figure: `the same for a free job submitted with it (median of ${ROUNDS})`,
          value: `${median(freeWaits).toFixed(0)} ms (runs: ${list(freeWaits)})`,
          data: { medianMs: median(freeWaits), runs: list(freeWaits) },
        },
        {
          figure: 'a Pro job starts before a free job submitted this much earlier',
          value: `up to ${PRIORITY_HEAD_START_SECONDS} s (PRIORITY_HEAD_START_SECONDS)`,
        },
      ];
      return rows;
    } finally {
      await server.stop();
      await closeStripe();
      await closeFake();
    }
  },
};
