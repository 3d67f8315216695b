import type { Health } from '@shared/api';
import type { AppDeps } from '../../app-deps';
import { localLinksNote } from '../../config';
import { SELF_ISSUED_NOTE } from '../../images';

export type HealthDeps = Pick<
  AppDeps,
  'config' | 'store' | 'engine' | 'upscaler' | 'diskSpace' | 'modelWatch' | 'provenance'
>;

/** What a load balancer or an operator asks: is the store reachable, what runs, how full is the disk. */
export function healthService(deps: HealthDeps) {
  const { config, store, engine, upscaler, diskSpace, modelWatch, provenance } = deps;
  return {
    async status(): Promise<Health> {
      const ready = await store.ping().then(
        () => true,
        () => false,
      );
      return {
        status: 'ok',
        store: store.kind,
        engine: engine.kind,
        model: engine.model,
        upscaler: upscaler?.model ?? null,
        version: config.version,
        ready,
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
