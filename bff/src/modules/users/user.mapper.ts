import { apiPath, userSchema, type User } from '@shared/api';
import type { UserDoc } from '../../store';

export const profileImageUrl = (user: UserDoc): string | null =>
  user.profileImageKey
    ? `${apiPath('userProfileImageById', { id: user._id })}?v=${user.profileImageVersion}`
    : null;

/** What a Pro account is told of its subscription: the next renewal, or the end once cancelled. */
function subscriptionDates(user: UserDoc): User['subscription'] {
  const sub = user.subscription;
  if (user.plan !== 'pro' || !sub) return null;
  const endsAt = sub.cancelAt ?? null;
  return {
    renewsAt: endsAt ? null : (sub.currentPeriodEnd?.toISOString() ?? null),
    endsAt: endsAt?.toISOString() ?? null,
  };
}

export function toUserResponse(user: UserDoc): User {
  return userSchema.parse({
    id: user._id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: profileImageUrl(user),
    plan: user.plan,
    subscription: subscriptionDates(user),
  });
}
