import { Router } from '@koa/router';
import { demoStageFieldsSchema, demoStageResponseSchema } from '@shared/api';
import { UPLOAD_MAX_BYTES, UPLOAD_MESSAGES } from '@shared/domain';
import type { AppDeps } from '../../app-deps';
import { requireFreeSpace } from '../../http/disk-guard';
import { badRequest } from '../../http/errors';
import { intakeRoomPhoto, readUpload } from '../../images';
import { DAY_MS, enforceRateLimit, HOUR_MS } from '../limits/rate-limit';
import { saveNewProject } from '../projects/new-project';
import { projectImageUrl } from '../projects/project.mapper';

/** Attempts (bad files included) per address per hour, so refusals cannot be used to hammer the intake. */
const DEMO_ATTEMPTS_PER_HOUR = 20;

export function demoRoutes({
  config,
  repos,
  store,
  engine,
  jobSignal,
  diskSpace,
  intakeGate,
}: AppDeps): Router {
  const router = new Router();

  router.post('/demo/stage', requireFreeSpace(diskSpace), async (ctx) => {
    await enforceRateLimit(repos, {
      key: `demo-attempt:${ctx.ip}`,
      windowMs: HOUR_MS,
      max: DEMO_ATTEMPTS_PER_HOUR,
      message: 'Too many demo attempts in the last hour. Please try again later.',
    });
    const { fields, intake } = await intakeGate.run(`ip:${ctx.ip}`, async () => {
      const upload = await readUpload(ctx, { maxFileBytes: UPLOAD_MAX_BYTES });
      if (!upload.file) throw badRequest(UPLOAD_MESSAGES.missingFile, 'missing_file');
      return {
        fields: demoStageFieldsSchema.parse(upload.fields),
        intake: await intakeRoomPhoto(upload.file),
      };
    });
    // Counted only for photos we accept: a refused file does not use up a visitor's demo.
    await enforceRateLimit(repos, {
      key: `demo:${ctx.ip}`,
      windowMs: DAY_MS,
      max: config.DEMO_LIMIT_PER_DAY,
      message: `You've used today's ${config.DEMO_LIMIT_PER_DAY} free demo stagings. Create a free account to keep staging.`,
    });
    const project = await saveNewProject(
      repos,
      store.blobs,
      {
        ownerId: null,
        stagingMode: 'stage',
        roomType: fields.roomType,
        stylePreset: fields.stylePreset,
        colorPalette: null,
        customPrompt: null,
        engine: engine.kind,
        creditMonth: null,
        expiresAt: new Date(Date.now() + DAY_MS),
      },
      intake,
    );
    jobSignal.notify();
    ctx.status = 201;
    ctx.body = demoStageResponseSchema.parse({
      id: project._id,
      originalImageUrl: projectImageUrl(project._id, 'original'),
      engine: project.engine,
    });
  });

  return router;
}
