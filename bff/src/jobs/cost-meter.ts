import type { CallMeter, PlanTier } from '../ai';
import type { Logger } from '../config';
import type { NewProviderCall, ProjectDoc, Repositories } from '../store';

export interface CostContext {
  purpose: NewProviderCall['purpose'];
  plan: PlanTier | null;
  mode: NewProviderCall['mode'];
  projectId: string | null;
}

/** A meter that stores each provider call with its estimated cost; a failed write costs a log line. */
export function costMeter(
  repos: Pick<Repositories, 'providerCalls'>,
  logger: Logger,
  context: CostContext,
): CallMeter {
  return (call) => {
    repos.providerCalls
      .record({ ...context, ...call })
      .catch((err: unknown) => logger.warn({ err, call }, 'provider call cost not stored'));
  };
}

/** Whose plan a project's staging runs on: a demo's (no owner), else its owner's plan now. */
export async function planOf(
  repos: Pick<Repositories, 'users'>,
  project: Pick<ProjectDoc, 'ownerId'>,
): Promise<PlanTier> {
  if (!project.ownerId) return 'demo';
  const owner = await repos.users.findById(project.ownerId);
  return owner?.plan === 'pro' ? 'pro' : 'free';
}
