import type { Health } from '@shared/api';
import type { AppDeps } from '../../app-deps';
import { localLinksNote } from '../../config';
import { SELF_ISSUED_NOTE } from '../../images';

export type HealthDeps = Pick<
  AppDeps,
  'config' | 'store' | 'engine' | 'upscaler' | 'diskSpace' | 'modelWatch' | 'provenance'
>;

/**
 * What a load balancer asks (is the store reachable), and with `details` what an operator asks: what runs,
 * how full the disk is, where links point, which models are served.
 */
export function healthService(deps: HealthDeps) {
  const { config, store, engine, upscaler, diskSpace, modelWatch, provenance } = deps;
  return {
    async status(details: boolean): Promise<Health> {
      const ready = await store.ping().then(
        () => true,
        () => false,
      );
      if (!details) return { status: 'ok', ready };
      return {
        status: 'ok',
        ready,
        store: store.kind,
        engine: engine.kind,
        model: engine.model,
        upscaler: upscaler?.model ?? null,
        draft: config.STAGING_DRAFT ? (engine.draftPass ?? null) : null,
        version: config.version,
        disk: await diskSpace.state(),
        links: {
          origin: config.appOrigin,
          localOnly: config.linksLocalOnly,
          note: config.linksLocalOnly ? localLinksNote(config.appOrigin) : null,
        },
        provenance: provenance.selfIssued
          ? { signer: 'self-issued', note: SELF_ISSUED_NOTE }
          : { signer: 'configured', note: null },
        models: modelWatch?.statuses() ?? [],
      };
    },
  };
}
