import type { AnalyzeResponse } from '@shared/api';
import { MIN_PHOTO_SHORT_EDGE } from '@shared/domain';
import type { AppDeps } from '../../app-deps';
import { FALLBACK_ANALYSIS, type RoomAnalysis } from '../../ai';
import { costMeter } from '../../jobs';
import { processImage, visitorIntakeOwner, type Upload } from '../../images';
import { enforceRateLimit, HOUR_MS } from '../limits';

/** What the vision model needs: small enough to send fast, large enough to recognise a room. */
const ANALYSIS_LONG_EDGE = 1024;
/** Signed-in users pick photos in batches of 10; they get more room than an anonymous address. */
const SIGNED_IN_FACTOR = 10;

export interface Analyst {
  /** The signed-in user, or null for a visitor (limited by address). */
  userId: string | null;
  ip: string;
}

export type AnalyzeDeps = Pick<AppDeps, 'config' | 'repos' | 'engine' | 'logger' | 'intakeGate'>;

/** Suggests a photo's room type and style before it is staged; nothing is stored. */
export function analyzeService({ config, repos, engine, logger, intakeGate }: AnalyzeDeps) {
  return {
    async analyze(who: Analyst, readBody: () => Promise<Upload>): Promise<AnalyzeResponse> {
      await enforceRateLimit(repos, {
        key: who.userId ? `analyze:user:${who.userId}` : `analyze:ip:${who.ip}`,
        windowMs: HOUR_MS,
        max: config.ANALYZE_LIMIT_PER_HOUR * (who.userId ? SIGNED_IN_FACTOR : 1),
        message: 'Too many photos analysed in the last hour. Please try again later.',
      });
      // Only reading and decoding hold the slot; the engine call that follows does not.
      const owner = who.userId ?? visitorIntakeOwner(who.ip);
      // A photo too small to stage is refused here already, so the workspace says so before Generate.
      const image = await intakeGate.readPhoto(owner, readBody, (file) =>
        processImage(file, { maxLongEdge: ANALYSIS_LONG_EDGE, minShortEdge: MIN_PHOTO_SHORT_EDGE }),
      );
      let analysis: RoomAnalysis = FALLBACK_ANALYSIS;
      try {
        const plan = who.userId ? ((await repos.users.findById(who.userId))?.plan ?? 'free') : 'demo';
        const meter = costMeter(repos, logger, { purpose: 'analysis', plan, mode: null, projectId: null });
        analysis = await engine.analyze(image.data, undefined, meter);
      } catch (err) {
        // The room type is only a suggestion the user can change: fall back rather than fail.
        logger.warn({ err }, 'room analysis failed; answering the fallback');
      }
      return { ...analysis, engine: engine.kind };
    },
  };
}
export type AnalyzeService = ReturnType<typeof analyzeService>;
