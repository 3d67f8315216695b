import type { Health } from '@shared/api';
import type { AppDeps } from '../../app-deps';
import { localLinksNote } from '../../config';

export type HealthDeps = Pick<
  AppDeps,
  'config' | 'store' | 'engine' | 'upscaler' | 'diskSpace' | 'modelWatch'
>;

/**
 * What a load balancer asks (is the store reachable), and with `details` what an operator asks: what runs,
 * how full the disk is, where links point, which models are served.
 */
export function healthService({ config, store, engine, upscaler, diskSpace, modelWatch }: HealthDeps) {
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
        version: config.version,
        disk: await diskSpace.state(),
        links: {
          origin: config.appOrigin,
          localOnly: config.linksLocalOnly,
          note: config.linksLocalOnly ? localLinksNote(config.appOrigin) : null,
        },
        models: modelWatch?.statuses() ?? [],
      };
    },
  };
}
