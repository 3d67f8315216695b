import type { Config, Logger } from './config';
import type { Repositories, Store } from './store';

/** Everything the app needs from outside; tests build these with temp dirs and loopback fakes. */
export interface AppDeps {
  config: Config;
  logger: Logger;
  store: Store;
  repos: Repositories;
}
