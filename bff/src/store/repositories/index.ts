import type { Store } from '../open-store';
import { idempotencyRepository } from './idempotency.repository';
import {
  contactMessagesRepository,
  rateLimitsRepository,
  webhookEventsRepository,
} from './misc.repositories';
import { preferencesRepository } from './preferences.repository';
import { projectsRepository } from './projects.repository';
import { sessionsRepository } from './sessions.repository';
import { usageRepository } from './usage.repository';
import { usersRepository } from './users.repository';

/** The only way the rest of the BFF touches the database. */
export function createRepositories(store: Store, now: () => Date = () => new Date()) {
  const c = store.collections;
  return {
    users: usersRepository(c.users),
    preferences: preferencesRepository(c.preferences),
    sessions: sessionsRepository(c.sessions, now),
    usage: usageRepository(c.usage),
    idempotency: idempotencyRepository(c.idempotencyKeys, now),
    projects: projectsRepository(c.projects, now),
    webhookEvents: webhookEventsRepository(c.webhookEvents),
    rateLimits: rateLimitsRepository(c.rateLimits),
    contactMessages: contactMessagesRepository(c.contactMessages),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;
export type { ClaimResult } from './idempotency.repository';
export type { RateLimitResult } from './misc.repositories';
export type { NewProject } from './projects.repository';
export type { NewUser } from './users.repository';
