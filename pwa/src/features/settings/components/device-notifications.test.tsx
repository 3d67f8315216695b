import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToasts } from '../../../components/toast/toast-store';
import { DEVICE_PUSH_TEXT, DeviceNotifications } from './device-notifications';

/** The 10 seconds the sentence promises. */
const PUSH_TIMEOUT_MS = 10_000;
/** Waits, on real turns of the event loop (setImmediate is not faked), until `check` holds. */
async function settled(check: () => boolean): Promise<void> {
  const deadline = performance.now() + 5000;
  while (!check() && performance.now() < deadline) {
    await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
  }
  expect(check()).toBe(true);
}
const serverKey = Buffer.from(new Uint8Array(65).fill(4)).toString('base64url');
/** A push service that never answers: the browser's subscribe stays pending. */
const subscribe = vi.fn(() => new Promise<never>(() => undefined));
const fetchMock = vi.fn<typeof fetch>();
const urlOf = (input: RequestInfo | URL) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

beforeEach(() => {
  let permission: NotificationPermission = 'default';
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', {
    get permission() {
      return permission;
    },
    requestPermission: () => {
      permission = 'granted';
      return Promise.resolve(permission);
    },
  });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistration: () =>
        Promise.resolve({ pushManager: { subscribe, getSubscription: () => Promise.resolve(null) } }),
    },
  });
  fetchMock.mockImplementation((input) =>
    Promise.resolve(
      new Response(JSON.stringify(urlOf(input).endsWith('/public-key') ? { publicKey: serverKey } : {})),
    ),
  );
});
afterEach(() => {
  vi.useRealTimers();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('DeviceNotifications', () => {
  it('says within 10 seconds that the push service did not answer, and stays off', async () => {
    render(<DeviceNotifications inAppOn />);
    const toggle = await screen.findByRole('switch', { name: DEVICE_PUSH_TEXT.label });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    // The clock alone is faked, so the 10 s pass at once; the rest of the event loop runs for real.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const started = Date.now();
    fireEvent.click(toggle);
    await settled(() => subscribe.mock.calls.length > 0);
    const told = () => getToasts().map((t) => t.description);
    await act(() => vi.advanceTimersByTimeAsync(PUSH_TIMEOUT_MS - 1));
    expect(told()).not.toContain(DEVICE_PUSH_TEXT.timedOut);
    await act(() => vi.advanceTimersByTimeAsync(1));
    await settled(() => told().includes(DEVICE_PUSH_TEXT.timedOut));
    // Told by the 10 s timeout, not by a later give-up of the browser.
    expect(Date.now() - started).toBeLessThan(11_500);
    vi.useRealTimers();
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    expect(fetchMock.mock.calls.map(([url]) => urlOf(url))).not.toContain('/api/push/subscriptions');
  });
});
