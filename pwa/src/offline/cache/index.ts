/** What the app keeps of a signed-in user for offline use (queries, images), and whose it is. */
export { releaseDevice, takeOverDevice } from './device-account';
export { clearPersistedQueries, isPersistedQuery, keepLastGood, persistOptions } from './query-persister';
export { clearUserCaches } from './user-caches';
