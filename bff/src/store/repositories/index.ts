import type { Store } from '../model/collections';
import { apiKeysRepository } from './api-keys.repository';
import { webhooksRepository } from './webhooks.repository';
import { contactMessagesRepository } from './contact-messages.repository';
import { handoversRepository } from './handovers.repository';
import { idempotencyRepository } from './idempotency.repository';
import { mailOutboxRepository } from './mail-outbox.repository';
import { originalLinksRepository } from './original-links.repository';
import { passwordResetsRepository } from './password-resets.repository';
import { preferencesRepository } from './preferences.repository';
import { projectsRepository } from './projects.repository';
import { providerCallsRepository } from './provider-calls.repository';
import { pushSubscriptionsRepository } from './push-subscriptions.repository';
import { propertiesRepository } from './properties.repository';
import { rateLimitsRepository } from './rate-limits.repository';
import { roomsRepository } from './rooms.repository';
import { sessionsRepository } from './sessions.repository';
import { usageRepository } from './usage.repository';
import { usersRepository } from './users.repository';
import { webhookEventsRepository } from './webhook-events.repository';

/** The only way the rest of the BFF touches the database. `now` is injectable for tests of time. */
export function createRepositories(store: Store, now: () => Date = () => new Date()) {
  const c = store.collections;
  return {
    users: usersRepository(c.users, now),
    preferences: preferencesRepository(c.preferences, now),
    sessions: sessionsRepository(c.sessions, now),
    usage: usageRepository(c.usage, now),
    idempotency: idempotencyRepository(c.idempotencyKeys, now),
    projects: projectsRepository(c.projects, c.jobs, now),
    properties: propertiesRepository(c.properties, now),
    rooms: roomsRepository(c.rooms, now),
    webhookEvents: webhookEventsRepository(c.webhookEvents, now),
    rateLimits: rateLimitsRepository(c.rateLimits),
    contactMessages: contactMessagesRepository(c.contactMessages, now),
    mailOutbox: mailOutboxRepository(c.mailOutbox, now),
    passwordResets: passwordResetsRepository(c.passwordResets, now),
    pushSubscriptions: pushSubscriptionsRepository(c.pushSubscriptions, now),
    providerCalls: providerCallsRepository(c.providerCalls, now),
    originalLinks: originalLinksRepository(c.originalLinks, now),
    handovers: handoversRepository(c.handovers, now),
    apiKeys: apiKeysRepository(c.apiKeys, now),
    webhooks: webhooksRepository(c.webhookEndpoints, c.webhookDeliveries, now),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;
export type { ClaimResult } from './idempotency.repository';
export { STALE_CLAIM_MS } from './idempotency.repository';
export { projectQueue } from './project-queue';
export type { RateLimitResult } from './rate-limits.repository';
export type { NewProject, ProjectsRepository } from './projects.repository';
export type { NewUser, UserPatch, UsersRepository } from './users.repository';
export type { NewContactMessage } from './contact-messages.repository';
export type { SessionsRepository } from './sessions.repository';
export type { UsageRepository } from './usage.repository';
export type { IdempotencyRepository } from './idempotency.repository';
export type { PreferencesRepository } from './preferences.repository';
export type { RateLimitsRepository } from './rate-limits.repository';
export type { WebhookEventsRepository } from './webhook-events.repository';
export type { ContactMessagesRepository } from './contact-messages.repository';
export type { NewProperty, PropertyPatch, PropertiesRepository } from './properties.repository';
export type { NewRoom, RoomsRepository } from './rooms.repository';
export type { MailOutboxRepository, NewMail } from './mail-outbox.repository';
export type { PasswordResetsRepository } from './password-resets.repository';
export type { PushSubscriptionsRepository, SavedPushSubscription } from './push-subscriptions.repository';
export type {
  CostLine,
  CostReport,
  NewProviderCall,
  ProviderCallsRepository,
} from './provider-calls.repository';
export type { OriginalLinksRepository, OriginalTarget } from './original-links.repository';
export { ORIGINAL_CODE_PATTERN, originalCode } from './original-links.repository';
export type { HandoversRepository, NewHandover } from './handovers.repository';
export type { ApiKeysRepository, NewApiKey } from './api-keys.repository';
export { monthKey } from './api-keys.repository';
export type { WebhooksRepository } from './webhooks.repository';
