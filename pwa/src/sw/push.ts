/// <reference lib="webworker" />
import { PUSH_STAGED_TAG, pushNotificationSchema, type PushNotification } from '@shared/api';

/** Shown when a push arrives that this version cannot read: the user still learns something happened. */
const FALLBACK: PushNotification = {
  title: 'Stagely',
  body: 'Your stagings have news. Open Stagely to see them.',
  tag: PUSH_STAGED_TAG,
  url: '/',
  count: 1,
};

function parse(data: PushMessageData | null): PushNotification {
  try {
    const parsed = pushNotificationSchema.safeParse(data?.json());
    return parsed.success ? parsed.data : FALLBACK;
  } catch {
    return FALLBACK;
  }
}

/**
 * A push from the server: one notification per tag, replaced in place as a batch goes on ('Your 3 photos
 * are staged'), so a run of photos is never a pile of alerts.
 */
export function showPush(sw: ServiceWorkerGlobalScope, event: PushEvent): Promise<void> {
  const note = parse(event.data);
  return sw.registration.showNotification(note.title, {
    body: note.body,
    tag: note.tag,
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    data: { url: note.url },
  });
}

/** A click opens what the notification is about: in a tab of ours if one is open, else in a new one. */
export async function openFromNotification(
  sw: ServiceWorkerGlobalScope,
  event: NotificationEvent,
): Promise<void> {
  event.notification.close();
  const path = (event.notification.data as { url?: unknown } | null)?.url;
  const url = new URL(typeof path === 'string' && path.startsWith('/') ? path : '/', sw.location.origin).href;
  const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const ours = windows.find((w) => new URL(w.url).origin === sw.location.origin);
  if (ours) {
    // Focusing can be refused (the click's permission to do so has lapsed); the tab is still steered.
    const client = await ours.focus().catch(() => ours);
    if (client.url === url) return;
    try {
      await client.navigate(url);
      return;
    } catch {
      // A tab this worker does not control cannot be steered: open the page beside it.
    }
  }
  await sw.clients.openWindow(url);
}
