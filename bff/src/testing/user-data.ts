import {
  API_ROUTES,
  createdApiKeySchema,
  createdWebhookSchema,
  propertyShareLinkSchema,
  type ApiRoute,
  type Project,
  type Property,
  type PropertyRoom,
  type User,
} from '@shared/api';
import { startWorker } from '../jobs';
import { json, signUp } from './auth-helpers';
import type { CookieJar } from './cookie-jar';
import { makePhoto, multipart } from './images';
import { PushDevice } from './push-decrypt';
import { addRoom, createProperty, stageRoomDirectly } from './property-helpers';
import { concretePath, type PathValues } from './routes';
import { postProject, waitForFinish } from './staging-helpers';
import { TEST_WORKER_TUNING, type TestApp } from './test-app';

export interface UserWithData {
  jar: CookieJar;
  user: User;
  email: string;
  password: string;
  /** A completed multi-view project: original, thumbnail and three staged variants. */
  project: Project;
  /** The user's profile picture URL. */
  profileImageUrl: string;
  /** A shared property with one staged room. */
  property: Property;
  room: PropertyRoom;
  propertyToken: string;
  /** An API key and a webhook endpoint of the account. */
  apiKeyId: string;
  webhookId: string;
}

/** A property with a room photo, its staging (through the store) and its buyers link. */
async function sharedProperty(t: TestApp, jar: CookieJar, userId: string) {
  const created = await createProperty(t, jar, { name: '12 Harbor Rd', listingNumber: 'MLS-1' });
  const room = await addRoom(t, jar, created.id, { roomType: 'kitchen' });
  await stageRoomDirectly(t, userId, created.id, room.id);
  const shared = await jar.fetch(`${t.url}/api/properties/${created.id}/share`, { method: 'POST' });
  if (shared.status !== 201) throw new Error(`property share: ${shared.status}`);
  const { token } = propertyShareLinkSchema.parse(await shared.json());
  const property = (await (await jar.fetch(`${t.url}/api/properties/${created.id}`)).json()) as Property;
  return { property, room: property.rooms[0]!, propertyToken: token };
}

/**
 * A user who owns one of everything a user can own: a finished project with variants, a shared property
 * with a staged room, a profile picture, changed preferences and a device subscribed to Web Push. The worker runs only while the project stages, so the caller's snapshots see
 * no background writes.
 */
export async function userWithData(t: TestApp): Promise<UserWithData> {
  const account = await signUp(t.url);
  const { jar } = account;
  const worker = startWorker(t.deps, TEST_WORKER_TUNING);
  let project: Project;
  try {
    const created = await postProject(t.url, jar, { fields: { stagingMode: 'multi-view' } });
    if (created.status !== 201) throw new Error(`project: ${created.status} ${await created.text()}`);
    ({ project } = await waitForFinish(t.url, jar, ((await created.json()) as Project).id));
  } finally {
    await worker.stop();
  }
  const picture = await jar.fetch(`${t.url}/api/user/profile-image`, {
    method: 'POST',
    body: multipart({}, { data: await makePhoto({ width: 400, height: 400 }) }),
  });
  const { profileImageUrl } = (await picture.json()) as { profileImageUrl: string };
  const prefs = await jar.fetch(
    `${t.url}/api/user/preferences`,
    json(
      { emailNotifications: { project_completed: false, subscription_updates: false, marketing: true } },
      { method: 'PUT' },
    ),
  );
  if (prefs.status !== 200) throw new Error(`preferences: ${prefs.status}`);
  // A device that hears by Web Push, on a known push service (subscribed once the worker stopped, so nothing is
  // ever sent to it).
  const device = new PushDevice().subscription(`https://fcm.googleapis.com/fcm/send/${account.user.id}`);
  const pushed = await jar.fetch(`${t.url}/api/push/subscriptions`, json(device, { method: 'POST' }));
  if (pushed.status !== 201) throw new Error(`push subscription: ${pushed.status}`);
  const property = await sharedProperty(t, jar, account.user.id);
  // Made last, for an event no test here causes: nothing is ever sent to the endpoint.
  const key = await jar.fetch(
    `${t.url}/api/user/api-keys`,
    json({ name: 'Back office', scopes: ['projects:read'] }, { method: 'POST' }),
  );
  if (key.status !== 201) throw new Error(`API key: ${key.status}`);
  const hook = await jar.fetch(
    `${t.url}/api/user/webhooks`,
    json({ url: 'https://hooks.example.com/stagely', events: ['edit.finished'] }, { method: 'POST' }),
  );
  if (hook.status !== 201) throw new Error(`webhook: ${hook.status} ${await hook.text()}`);
  return {
    ...account,
    project,
    profileImageUrl,
    ...property,
    apiKeyId: createdApiKeySchema.parse(await key.json()).key.id,
    webhookId: createdWebhookSchema.parse(await hook.json()).webhook.id,
  };
}

/** Every route of the registry that names one record: a project (and its images), a property (and its
 * rooms, images, share and download) or a user's picture. */
export const PER_RECORD = API_ROUTES.filter((r) => r.path.includes('{id}'));

/** The values that make a registry path name one of A's own records. */
export function recordValues(a: UserWithData, path: string): PathValues {
  if (path.startsWith('/api/user/api-keys/')) return { id: a.apiKeyId };
  if (path.startsWith('/api/user/webhooks/')) return { id: a.webhookId, deliveryId: 'none' };
  if (path.startsWith('/api/user/')) return { id: a.user.id };
  if (path.startsWith('/api/properties/')) return { id: a.property.id, roomId: a.room.id };
  if (path.startsWith('/api/property-shares/')) return { token: a.propertyToken, position: '1' };
  return { id: a.project.id, number: '1' };
}

/** Every way to address one of A's records: each image kind and variant, each download option. */
export function addressesOf(a: UserWithData): { route: ApiRoute; method: string; url: string }[] {
  const out: { route: ApiRoute; method: string; url: string }[] = [];
  for (const route of PER_RECORD) {
    const values = recordValues(a, route.path);
    const isRoomImage = route.path.endsWith('/images/{kind}') && route.path.includes('{roomId}');
    const isImage = route.path.endsWith('{kind}') && !isRoomImage;
    const variants = ['', '?variant=1', '?variant=2'];
    const targets = isRoomImage
      ? ['original', 'thumb'].map((kind) => ({ kind, query: '' }))
      : isImage
        ? [
            ...['original', 'thumb'].map((kind) => ({ kind, query: '' })),
            ...variants.map((query) => ({ kind: 'staged', query })),
          ]
        : route.path.startsWith('/api/projects/') && route.path.endsWith('/download')
          ? ['', '?variant=1', '?size=4k'].map((query) => ({ kind: '', query }))
          : [{ kind: '', query: '' }];
    for (const { kind, query } of targets)
      out.push({
        route,
        method: route.method.toUpperCase(),
        url: `${concretePath(route.path, { ...values, kind })}${query}`,
      });
  }
  return out;
}
