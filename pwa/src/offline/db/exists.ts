import { DB_NAME } from './schema';

/**
 * Whether this browser may hold the app's offline data, asked without opening (and so creating) the
 * database. Browsers that cannot list databases say yes, to be safe.
 */
export async function offlineDataMayExist(): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return false;
  if (typeof indexedDB.databases !== 'function') return true;
  try {
    return (await indexedDB.databases()).some((db) => db.name === DB_NAME);
  } catch {
    return true;
  }
}
