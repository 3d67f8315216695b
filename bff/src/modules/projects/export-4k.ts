import type { Export4kPlan } from '@shared/api';
import { EXPORT_4K_LONG_EDGE, export4kLabel, isBelow4k, type Export4kSource } from '@shared/domain';
import type { Upscaler } from '../../ai';
import type { Logger } from '../../config';
import { exportJpeg, storedImageSize } from '../../images';
import { costMeter } from '../../jobs';
import { projectBlobKeys, type BlobStore, type ProjectDoc, type Repositories } from '../../store';
import { imageNotFound } from './project-images';

/** Real-ESRGAN's own factor: above it, the rest would be an enlargement of its output anyway. */
const MAX_UPSCALE = 4;

/** The pixels a 4K export starts from, and what they are. */
export interface Export4kSourceImage {
  data: Buffer;
  source: Export4kSource;
  /** The staged result's long edge, in px. */
  sourceLongEdge: number;
  /** True when `data` already has the 4K long edge (an upscaled copy): no further scaling. */
  sized: boolean;
}

const longEdgeOf = async (data: Buffer) => {
  const size = await storedImageSize(data);
  if (!size) throw imageNotFound();
  return Math.max(size.width, size.height);
};

/**
 * Pro's 4K exports from the best source there is: a result of 4K or more as it is; a smaller one through
 * the AI upscaler when one is configured (made once per staged image, then kept as a blob beside it);
 * otherwise, or when the upscaler fails, enlarged, and said so.
 */
export function export4kSources(
  blobs: BlobStore,
  upscaler: Upscaler | null,
  logger?: Logger,
  repos?: Pick<Repositories, 'providerCalls'>,
) {
  /** Upscales under way, by blob key: two downloads at once make one upscale. */
  const running = new Map<string, Promise<Buffer | null>>();

  const planFor = (sourceLongEdge: number): Export4kPlan => {
    const source: Export4kSource = !isBelow4k(sourceLongEdge) ? 'native' : upscaler ? 'upscaled' : 'enlarged';
    return { source, sourceLongEdge, label: export4kLabel(source, sourceLongEdge) };
  };

  /** The upscaled 4K copy of `staged`, or null when the upscaler failed (logged, tried again next time). */
  const upscaled = async (
    up: Upscaler,
    key: string,
    staged: Buffer,
    longEdge: number,
    project: ProjectDoc,
  ): Promise<Buffer | null> => {
    const kept = await blobs.get(key);
    if (kept) return kept.data;
    try {
      const scale = Math.min(MAX_UPSCALE, EXPORT_4K_LONG_EDGE / longEdge);
      // Only Pro exports 4K; each tile's prediction is stored with its estimated cost.
      const context = {
        purpose: 'upscale',
        plan: 'pro',
        mode: project.stagingMode,
        projectId: project._id,
      } as const;
      const meter = repos && logger ? costMeter(repos, logger, context) : undefined;
      const image = await exportJpeg(await up.upscale(staged, scale, undefined, meter), {
        longEdge: EXPORT_4K_LONG_EDGE,
      });
      await blobs.put(key, image, 'image/jpeg');
      return image;
    } catch (err) {
      logger?.warn({ err, model: up.model }, '4K upscale failed; the export is enlarged');
      return null;
    }
  };

  return {
    /** What a 4K download of this completed project will be (its variants share one size). */
    async plan(project: ProjectDoc): Promise<Export4kPlan> {
      const key = project.images.staged[0];
      const blob = key ? await blobs.get(key) : null;
      if (!blob) throw imageNotFound();
      return planFor(await longEdgeOf(blob.data));
    },

    /** The image a 4K export of `staged` (variant `variant` of `project`) is made from. */
    async source(project: ProjectDoc, variant: number, staged: Buffer): Promise<Export4kSourceImage> {
      const sourceLongEdge = await longEdgeOf(staged);
      const { source } = planFor(sourceLongEdge);
      const enlarged = { data: staged, source: 'enlarged', sourceLongEdge, sized: false } as const;
      if (source !== 'upscaled' || !upscaler) return { ...enlarged, source };
      const keys = projectBlobKeys(project._id);
      // An edit's version has its own 4K copy: the staging's would be another image.
      const edited = (project.currentVersion ?? 1) > 1;
      const key = edited ? keys.version4k(project.currentVersion ?? 1) : keys.upscaled4k(variant);
      let pending = running.get(key);
      if (!pending) {
        pending = upscaled(upscaler, key, staged, sourceLongEdge, project).finally(() => running.delete(key));
        running.set(key, pending);
      }
      const data = await pending;
      return data ? { data, source, sourceLongEdge, sized: true } : enlarged;
    },
  };
}
export type Export4kSources = ReturnType<typeof export4kSources>;
