import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToasts } from '../../../components/toast/toast-store';
import { DEVICE_PUSH_TEXT, DeviceNotifications } from './device-notifications';

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
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('DeviceNotifications', () => {
  it('says within 10 seconds that the push service did not answer, and stays off', async () => {
    render(<DeviceNotifications inAppOn />);
    const toggle = await screen.findByRole('switch', { name: DEVICE_PUSH_TEXT.label });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    const started = Date.now();
    fireEvent.click(toggle);
    await waitFor(() => expect(subscribe).toHaveBeenCalled());
    await waitFor(() => expect(getToasts().map((t) => t.description)).toContain(DEVICE_PUSH_TEXT.timedOut), {
      timeout: 12_000,
    });
    // Told by the 10 s timeout, not by a later give-up of the browser.
    expect(Date.now() - started).toBeLessThan(11_500);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    expect(fetchMock.mock.calls.map(([url]) => urlOf(url))).not.toContain('/api/push/subscriptions');
  }, 20_000);
});
