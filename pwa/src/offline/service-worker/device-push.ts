import type { PushPublicKey } from '@shared/api';
import { apiPath } from '@shared/api/api-paths';
import { apiRequest } from '../../lib/api-client';

/** Whether this device shows a notification when a staging finishes, as the browser allows it. */
export type DevicePushState = 'on' | 'off' | 'blocked' | 'unsupported';

const supported = () =>
  typeof navigator !== 'undefined' &&
  'serviceWorker' in navigator &&
  typeof window !== 'undefined' &&
  'PushManager' in window &&
  'Notification' in window;

/** The app's service worker, if one is registered (none in development or where workers are blocked). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!supported()) return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

const bytesOf = (base64url: string) =>
  Uint8Array.from(atob(base64url.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

function sameKey(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

/** Read by hand, not with zod: this module loads with the app shell. */
async function serverKey(): Promise<string> {
  const body = (await (await apiRequest(apiPath('pushPublicKey'))).json()) as Partial<PushPublicKey> | null;
  if (typeof body?.publicKey !== 'string') throw new Error('The server gave no notification key.');
  return body.publicKey;
}

export async function devicePushState(): Promise<DevicePushState> {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  const reg = await registration();
  if (!reg) return 'unsupported';
  const sub = await reg.pushManager.getSubscription();
  return sub && Notification.permission === 'granted' ? 'on' : 'off';
}

/** How long the browser's push service may take to answer a subscription before the user is told. */
export const PUSH_SUBSCRIBE_TIMEOUT_MS = 10_000;

/** The browser's push service did not answer in time (offline, blocked by a network, or down). */
export class PushTimeoutError extends Error {
  override name = 'PushTimeoutError';
}

const withinTime = <T>(work: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new PushTimeoutError()), ms);
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });

/**
 * Asks the browser's permission, subscribes with the server's key and saves the subscription for the
 * signed-in user. A subscription made for another key (the server's changed) is replaced.
 */
export async function enableDevicePush(timeoutMs = PUSH_SUBSCRIBE_TIMEOUT_MS): Promise<DevicePushState> {
  if (!supported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'off';
  const reg = await registration();
  if (!reg) return 'unsupported';
  const key = bytesOf(await serverKey());
  let sub = await reg.pushManager.getSubscription();
  if (sub && !sameKey(sub.options.applicationServerKey, key)) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await withinTime(
    reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }),
    timeoutMs,
  );
  await apiRequest(apiPath('pushSubscriptions'), { method: 'POST', body: sub.toJSON() });
  return 'on';
}

/** Stops notifications on this device: the server forgets it, then the browser drops the subscription. */
export async function disableDevicePush(): Promise<void> {
  const sub = await (await registration())?.pushManager.getSubscription();
  if (!sub) return;
  await apiRequest(apiPath('pushSubscriptions'), { method: 'DELETE', body: { endpoint: sub.endpoint } });
  await sub.unsubscribe();
}

/**
 * Signing out (or another account taking the device): the browser drops the subscription at once, so
 * the previous account's news never shows here; the server is told too, and would otherwise learn it
 * from the push service's 410. Never throws, and never holds the sign-out up for long.
 */
export async function forgetDevicePush(): Promise<void> {
  try {
    const sub = await (await registration())?.pushManager.getSubscription();
    if (!sub) return;
    const { endpoint } = sub;
    await sub.unsubscribe();
    await apiRequest(apiPath('pushSubscriptions'), {
      method: 'DELETE',
      body: { endpoint },
      signal: AbortSignal.timeout(3000),
    });
  } catch {
    // Offline or refused: the push service's 410 tells the server later.
  }
}
