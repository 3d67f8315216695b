import { Router } from '@koa/router';
import { analyzeResponseSchema } from '@shared/api';
import { MIN_PHOTO_SHORT_EDGE, UPLOAD_MAX_BYTES, UPLOAD_MESSAGES } from '@shared/domain';
import type { AppDeps } from '../../app-deps';
import { FALLBACK_ANALYSIS, type RoomAnalysis } from '../../ai';
import { badRequest } from '../../http/errors';
import { sessionUserId } from '../../http/session';
import { processImage, readUpload } from '../../images';
import { enforceRateLimit, HOUR_MS } from '../limits/rate-limit';

/** What the vision model needs: small enough to send fast, large enough to recognise a room. */
const ANALYSIS_LONG_EDGE = 1024;
/** Signed-in users pick photos in batches of 10; they get more room than an anonymous address. */
const SIGNED_IN_FACTOR = 10;

export function analyzeRoutes({ config, repos, engine, logger, intakeGate }: AppDeps): Router {
  const router = new Router();

  router.post('/analyze', async (ctx) => {
    const userId = sessionUserId(ctx);
    await enforceRateLimit(repos, {
      key: userId ? `analyze:user:${userId}` : `analyze:ip:${ctx.ip}`,
      windowMs: HOUR_MS,
      max: config.ANALYZE_LIMIT_PER_HOUR * (userId ? SIGNED_IN_FACTOR : 1),
      message: 'Too many photos analysed in the last hour. Please try again later.',
    });
    // Only reading and decoding hold the slot; the engine call that follows does not.
    const image = await intakeGate.run(userId ?? `ip:${ctx.ip}`, async () => {
      const upload = await readUpload(ctx, { maxFileBytes: UPLOAD_MAX_BYTES });
      if (!upload.file) throw badRequest(UPLOAD_MESSAGES.missingFile, 'missing_file');
      // A photo too small to stage is refused here already, so the workspace says so before Generate.
      return processImage(upload.file, {
        maxLongEdge: ANALYSIS_LONG_EDGE,
        minShortEdge: MIN_PHOTO_SHORT_EDGE,
      });
    });
    let analysis: RoomAnalysis = FALLBACK_ANALYSIS;
    try {
      analysis = await engine.analyze(image.data);
    } catch (err) {
      // The room type is only a suggestion the user can change: fall back rather than fail.
      logger.warn({ err }, 'room analysis failed; answering the fallback');
    }
    ctx.body = analyzeResponseSchema.parse({ ...analysis, engine: engine.kind });
  });

  return router;
}
