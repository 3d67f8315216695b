import { ApiError } from '../../lib/api-client';

/** A 402 with needsSubscription, from creating a project. */
export const needsSubscription = (err: unknown): boolean =>
  err instanceof ApiError &&
  err.status === 402 &&
  typeof err.body === 'object' &&
  err.body !== null &&
  (err.body as { needsSubscription?: unknown }).needsSubscription === true;
