import type { Limits } from '@shared/api';
import { FREE_GENERATIONS_PER_MONTH, currentUsageMonth } from '@shared/domain';
import type { Repositories, UserDoc } from '../../store';

/** Pro = an active or trialing subscription (set only from verified Stripe state). */
export const isPro = (user: UserDoc): boolean => user.plan === 'pro';
/** How many stagings and edits a month the plan gives: Pro has no cap. */
export const monthlyAllowance = (pro: boolean): number =>
  pro ? Number.POSITIVE_INFINITY : FREE_GENERATIONS_PER_MONTH;

export function limitsService(repos: Repositories, now: () => Date = () => new Date()) {
  return {
    async forUser(user: UserDoc): Promise<Limits> {
      const month = currentUsageMonth(now());
      const used = await repos.usage.getUsed(user._id, month);
      const creditsReturned = await repos.usage.getReturned(user._id, month);
      const freeRetries = await repos.usage.getFreeRetries(user._id, month);
      if (isPro(user))
        return {
          hasActiveSubscription: true,
          generationsUsed: used,
          maxGenerations: 'unlimited',
          canGenerate: true,
          creditsReturned,
          freeRetries,
        };
      return {
        hasActiveSubscription: false,
        generationsUsed: used,
        maxGenerations: FREE_GENERATIONS_PER_MONTH,
        canGenerate: used < FREE_GENERATIONS_PER_MONTH,
        creditsReturned,
        freeRetries,
      };
    },
  };
}
export type LimitsService = ReturnType<typeof limitsService>;
