import { userSchema, type User } from '@shared/api';
import type { UserDoc } from '../../store';

export const profileImageUrl = (user: UserDoc): string | null =>
  user.profileImageKey ? `/api/user/profile-image/${user._id}?v=${user.profileImageVersion}` : null;

export function toUserResponse(user: UserDoc): User {
  return userSchema.parse({
    id: user._id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: profileImageUrl(user),
    plan: user.plan,
  });
}
