export { usersRoutes } from './users.routes';
export { toUserResponse } from './user.mapper';
