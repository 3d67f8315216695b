import type { ProjectStatusResponse } from '@shared/api';
import { GEMINI_DRAFT_MODEL, OPENAI_DRAFT_MODEL } from '../bff/src/ai-models';
import { signUp } from '../bff/src/testing/auth-helpers';
import { FakeGemini } from '../bff/src/testing/fake-gemini';
import { FakeOpenAI } from '../bff/src/testing/fake-openai';
import { postProject } from '../bff/src/testing/staging-helpers';
import { startAppServer, track } from './support/resources';
import type { BenchRow } from './types';

/** Issue 40: a first look at or under ten seconds, at the latencies the providers' stand-ins answer with. */
const FIRST_LOOK_TARGET_MS = 10_000;
const POLL_MS = 50;
const TIMEOUT_MS = 180_000;

/**
 * The latencies the stand-ins answer image requests with (analysis and second opinions at once). OpenAI
 * publishes no median for its image models: the figures are its launch claim and third-party reports, as
 * is Gemini's; each is named. No source gives a time to the first partial image of a streamed edit.
 */
const LATENCIES = {
  openai: {
    draft: 6_000,
    final: 40_000,
    source:
      "draft gpt-image-2.6-flare at quality 'low' 'in as little as six seconds' (OpenAI's Images 2.6 launch, 2026-11-04, as reported by docs.apiyi.com/en/live/2026-11/gpt-image-2-6-launch: a best case, no median published); final gpt-image-2 ~40 s per image (docs.apiyi.com status, 2026-05-23)",
  },
  gemini: {
    draft: 3_000,
    final: 8_000,
    source:
      "draft gemini-3.1-flash-lite-image at 1K taken as nano-banana 2's 1K median, 2-4 s (zilliz.com FAQ; no flash-lite figure); final gemini-nano-banana-2.1 at 2K taken as its 1K p95, 6-8 s (no 2K figure)",
  },
} as const;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

interface Timing {
  firstLookMs: number;
  finalMs: number;
  /** Ours around the draft: POST to the draft asked of the stand-in, plus its answer to the draft shown. */
  oursMs: number;
}

/** When the stand-in was asked for the draft and when it answered, on the bench's clock. */
interface DraftCall {
  askedAt: number;
  answeredAt: number;
}

/** The stand-in's hold for a draft request, noting when it came and when its latency was over. */
async function heldDraft(ms: number, call: DraftCall): Promise<void> {
  call.askedAt = performance.now();
  await sleep(ms);
  call.answeredAt = performance.now();
}

/** POST until the status shows a draft, and until completed, in ms on the bench's clock. */
async function timeOne(url: string, photo: Buffer, call: DraftCall): Promise<Timing> {
  const { jar } = await signUp(url);
  const started = performance.now();
  const res = await postProject(url, jar, { photo });
  if (res.status !== 201) throw new Error(`POST /api/projects: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  let firstLookMs = Number.NaN;
  while (performance.now() - started < TIMEOUT_MS) {
    const status = (await (
      await jar.fetch(`${url}/api/projects/${id}/status`)
    ).json()) as ProjectStatusResponse;
    const at = performance.now() - started;
    if (Number.isNaN(firstLookMs) && status.draft.length > 0) firstLookMs = at;
    if (status.status === 'failed') throw new Error(`staging failed: ${status.error}`);
    if (status.status === 'completed') {
      const oursMs = call.askedAt - started + (started + firstLookMs - call.answeredAt);
      return { firstLookMs, finalMs: at, oursMs };
    }
    await sleep(POLL_MS);
  }
  throw new Error(`staging ${id} did not finish in ${TIMEOUT_MS} ms`);
}

async function timeWith(kind: keyof typeof LATENCIES, photo: Buffer): Promise<Timing> {
  const { draft, final } = LATENCIES[kind];
  const env = { STAGING_DRAFT: 'true' };
  const call: DraftCall = { askedAt: Number.NaN, answeredAt: Number.NaN };
  if (kind === 'openai') {
    const fake = await FakeOpenAI.start();
    const close = track(() => fake.close());
    fake.hold = (r) =>
      r.path.endsWith('/images/edits')
        ? r.fields.model === OPENAI_DRAFT_MODEL
          ? heldDraft(draft, call)
          : sleep(final)
        : undefined;
    const server = await startAppServer({ ...fake.env, ...env });
    try {
      return await timeOne(server.url, photo, call);
    } finally {
      await server.stop();
      await close();
    }
  }
  const fake = new FakeGemini();
  await fake.listen();
  const close = track(() => fake.close());
  // Image requests carry an image size; the vision model's questions none.
  fake.hold = (r) => {
    if (r.body.generationConfig?.imageConfig?.imageSize === undefined) return undefined;
    return r.model === GEMINI_DRAFT_MODEL ? heldDraft(draft, call) : sleep(final);
  };
  const server = await startAppServer({ ...fake.env, ...env, GEMINI_IMAGE_MODEL: 'gemini-nano-banana-2.1' });
  try {
    return await timeOne(server.url, photo, call);
  } finally {
    await server.stop();
    await close();
  }
}

/** 'Time to first look' and 'time to final' of one default staging, per provider stand-in. */
export async function firstLookRows(photo: Buffer): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const kind of ['gemini', 'openai'] as const) {
    const { firstLookMs, finalMs, oursMs } = await timeWith(kind, photo);
    const { draft, final, source } = LATENCIES[kind];
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    rows.push(
      {
        figure: `time to first look (draft shown), ${kind} stand-in: draft ${s(draft)}, final ${s(final)} (${source})`,
        value: Number.isNaN(firstLookMs)
          ? 'no draft before the final'
          : `${s(firstLookMs)} (ours ${s(oursMs)}: to the draft's request, and from its answer to shown)`,
        target: `<= ${s(FIRST_LOOK_TARGET_MS)}`,
        ok: firstLookMs <= FIRST_LOOK_TARGET_MS,
        data: { firstLookMs, draftMs: draft, oursMs },
      },
      {
        figure: `time to final (completed), ${kind} stand-in`,
        value: s(finalMs),
        data: { finalMs, finalProviderMs: final },
      },
    );
  }
  return rows;
}
