import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onSignedOut } from '../session';
import { devicePushState, disableDevicePush, enableDevicePush, forgetDevicePush } from './device-push';

const SERVER_KEY = new Uint8Array(65).fill(4);
const serverKey = Buffer.from(SERVER_KEY).toString('base64url');

/** A browser's PushManager with at most one subscription, as Chromium keeps per registration. */
class FakePushManager {
  subscription: FakeSubscription | null = null;
  subscribe = vi.fn((options: { applicationServerKey: Uint8Array }) => {
    this.subscription = new FakeSubscription(this, options.applicationServerKey);
    return Promise.resolve(this.subscription);
  });
  getSubscription = () => Promise.resolve(this.subscription);
}
class FakeSubscription {
  readonly endpoint = `https://push.example/${Math.random().toString(36).slice(2)}`;
  readonly options: { applicationServerKey: ArrayBuffer };
  constructor(
    private readonly manager: FakePushManager,
    key: Uint8Array,
  ) {
    this.options = { applicationServerKey: key.slice().buffer };
  }
  unsubscribe = vi.fn(() => {
    this.manager.subscription = null;
    return Promise.resolve(true);
  });
  toJSON = () => ({ endpoint: this.endpoint, expirationTime: null, keys: { p256dh: 'BPk', auth: 'au' } });
}

const fetchMock = vi.fn<typeof fetch>();
const urlOf = (input: RequestInfo | URL) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
let push: FakePushManager;
let permission: NotificationPermission;
let answer: NotificationPermission;

beforeEach(() => {
  push = new FakePushManager();
  permission = 'default';
  answer = 'granted';
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', {
    get permission() {
      return permission;
    },
    requestPermission: () => {
      permission = answer;
      return Promise.resolve(answer);
    },
  });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: () => Promise.resolve({ pushManager: push }) },
  });
  fetchMock.mockImplementation((input) =>
    Promise.resolve(
      urlOf(input) === '/api/push/public-key' ? json({ publicKey: serverKey }) : json({ ok: true }),
    ),
  );
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

const calls = () => fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${urlOf(url)}`);

describe('this device and Web Push', () => {
  it('is off until turned on; on asks permission, subscribes with the server key and saves the subscription', async () => {
    expect(await devicePushState()).toBe('off');
    expect(await enableDevicePush()).toBe('on');
    expect(push.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: SERVER_KEY });
    expect(calls()).toEqual(['GET /api/push/public-key', 'POST /api/push/subscriptions']);
    const saved = JSON.parse(fetchMock.mock.calls[1]![1]!.body as string) as { endpoint: string };
    expect(saved.endpoint).toBe(push.subscription!.endpoint);
    expect(await devicePushState()).toBe('on');
  });

  it('is blocked when the browser refuses permission, and subscribes nothing', async () => {
    answer = 'denied';
    expect(await enableDevicePush()).toBe('blocked');
    expect(push.subscribe).not.toHaveBeenCalled();
    expect(await devicePushState()).toBe('blocked');
  });

  it('is unsupported without a service worker or PushManager', async () => {
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { getRegistration: () => Promise.resolve(undefined) },
    });
    expect(await devicePushState()).toBe('unsupported');
    vi.stubGlobal('PushManager', undefined);
    Reflect.deleteProperty(window, 'PushManager');
    expect(await enableDevicePush()).toBe('unsupported');
  });

  it('replaces a subscription made for another server key', async () => {
    await enableDevicePush();
    const old = push.subscription!;
    old.options.applicationServerKey = new Uint8Array(65).fill(9).buffer;
    await enableDevicePush();
    expect(old.unsubscribe).toHaveBeenCalled();
    expect(push.subscription).not.toBe(old);
  });

  it('off: the server forgets the endpoint and the browser drops it', async () => {
    await enableDevicePush();
    const { endpoint } = push.subscription!;
    fetchMock.mockClear();
    await disableDevicePush();
    expect(calls()).toEqual(['DELETE /api/push/subscriptions']);
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string)).toEqual({ endpoint });
    expect(await devicePushState()).toBe('off');
  });

  it('signing out drops this device’s subscription and tells the server, even offline without throwing', async () => {
    await enableDevicePush();
    const { endpoint } = push.subscription!;
    fetchMock.mockClear();
    onSignedOut(new QueryClient());
    await vi.waitFor(() => expect(push.subscription).toBeNull());
    await vi.waitFor(() => expect(calls()).toContain('DELETE /api/push/subscriptions'));
    const body = fetchMock.mock.calls.find(([url]) => urlOf(url) === '/api/push/subscriptions')![1]!.body;
    expect(JSON.parse(body as string)).toEqual({ endpoint });

    await enableDevicePush();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(forgetDevicePush()).resolves.toBeUndefined();
    expect(push.subscription).toBeNull();
  });
});
