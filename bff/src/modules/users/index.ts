export { usersRoutes } from './users.routes';
export { toUserResponse } from './user.mapper';
export type { AccountDeletedHook } from './users.service';
