import { FREE_GENERATIONS_PER_MONTH, currentUsageMonth } from '@shared/domain';
import type { Repositories } from '../store';

/** Marks `n` of the user's credits this month as already used, so a credit given back twice would show. */
export async function spendCredits(repos: Repositories, userId: string, n: number): Promise<void> {
  const month = currentUsageMonth();
  const ids = Array.from({ length: n }, (_, i) => `spent-${userId}-${i}`);
  await repos.usage.reserveCredits(userId, month, FREE_GENERATIONS_PER_MONTH, ids);
  for (const id of ids) await repos.usage.settleReservation(userId, month, id);
}
