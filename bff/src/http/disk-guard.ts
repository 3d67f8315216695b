import type { Middleware } from 'koa';
import type { DiskSpace } from '../store';
import { AppError } from './errors';

export const STORAGE_FULL_MESSAGE =
  'The server is running out of storage space, so nothing new can be saved right now. Your data is safe; please try again later.';

export const insufficientStorage = () => new AppError(507, 'insufficient_storage', STORAGE_FULL_MESSAGE);

/** Refuses a request that would store something new (a photo, an account) while the disk is nearly full. */
export function requireFreeSpace(disk: DiskSpace): Middleware {
  return async (_ctx, next) => {
    if ((await disk.state()).low) throw insufficientStorage();
    await next();
  };
}
