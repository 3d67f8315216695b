import type { Config, Logger } from './config';
import type { AccountDeletedHook } from './modules/users/users.service';
import type { Repositories, Store } from './store';

/** Everything the app needs from outside; tests build these with temp dirs and loopback fakes. */
export interface AppDeps {
  config: Config;
  logger: Logger;
  store: Store;
  repos: Repositories;
  /** Cookie signing keys (SESSION_KEYS or generated once into DATA_DIR). */
  sessionKeys: string[];
  /** Run before an account's data is deleted (billing cancels the subscription). */
  accountDeletedHooks?: AccountDeletedHook[];
}
