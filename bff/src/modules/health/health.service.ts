import type { Health } from '@shared/api';
import type { AppDeps } from '../../app-deps';
import { localLinksNote } from '../../config';

export type HealthDeps = Pick<
  AppDeps,
  'config' | 'store' | 'engine' | 'upscaler' | 'diskSpace' | 'modelWatch'
>;

/** What a load balancer or an operator asks: is the store reachable, what runs, how full is the disk. */
export function healthService({ config, store, engine, upscaler, diskSpace, modelWatch }: HealthDeps) {
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
        models: modelWatch?.statuses() ?? [],
      };
    },
  };
}
