import { Description, Field, Label, Switch } from '@headlessui/react';
import { useEffect, useState } from 'react';
import { showConfirmation, showError } from '../../../components/toast';
import { ApiError, NetworkError } from '../../../lib/api-client';
import {
  devicePushState,
  disableDevicePush,
  enableDevicePush,
  PushTimeoutError,
  type DevicePushState,
} from '../../../offline/service-worker';

export const DEVICE_PUSH_TEXT = {
  label: 'Notify this device when photos are staged',
  hints: {
    on: 'On: this device shows a notification when a staging finishes, even with Stagely closed.',
    off: 'A notification on this device when a staging finishes, even with Stagely closed.',
    blocked:
      'Notifications are blocked for Stagely in this browser. Allow them in the site settings, then turn this on.',
    unsupported:
      'This browser cannot show notifications from Stagely. On iPhone or iPad, add Stagely to the Home Screen first.',
  } satisfies Record<DevicePushState, string>,
  needsInApp: "Turn on 'Notify me in the app when a project is completed' to get these.",
  turnedOn: 'Notifications are on for this device',
  turnedOff: 'Notifications are off for this device',
  failed: 'This browser could not reach its notification service. Please try again later.',
  timedOut:
    'The notification service of this browser did not answer within 10 seconds, so notifications stay off. Check the connection and try again.',
} as const;

/** The browser's side of 'project completed': this device subscribes to Web Push, or stops. */
export function DeviceNotifications({ inAppOn }: { inAppOn: boolean }) {
  const [state, setState] = useState<DevicePushState | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void devicePushState().then(
      (s) => live && setState(s),
      () => live && setState('unsupported'),
    );
    return () => {
      live = false;
    };
  }, []);

  const change = async (on: boolean) => {
    setBusy(true);
    try {
      if (on) {
        const next = await enableDevicePush();
        setState(next);
        if (next === 'on') void showConfirmation({ title: DEVICE_PUSH_TEXT.turnedOn });
      } else {
        await disableDevicePush();
        setState('off');
        void showConfirmation({ title: DEVICE_PUSH_TEXT.turnedOff });
      }
    } catch (err) {
      // The server's sentence or the offline one; the browser's own errors say nothing a user can act on.
      const said = err instanceof ApiError || err instanceof NetworkError;
      const description = said
        ? err.message
        : err instanceof PushTimeoutError
          ? DEVICE_PUSH_TEXT.timedOut
          : DEVICE_PUSH_TEXT.failed;
      showError(description);
      setState(await devicePushState().catch(() => 'unsupported' as const));
    } finally {
      setBusy(false);
    }
  };

  if (!state) return null;
  const on = state === 'on';
  // Turning it off stays possible whatever else holds; turning it on needs the browser and the preference.
  const canChange = on || (state === 'off' && inAppOn);
  const hint = state === 'off' && !inAppOn ? DEVICE_PUSH_TEXT.needsInApp : DEVICE_PUSH_TEXT.hints[state];
  return (
    <Field className="flex min-h-11 items-center justify-between gap-4 pl-4">
      <div>
        <Label className="text-slate-200">{DEVICE_PUSH_TEXT.label}</Label>
        <Description className="text-sm text-slate-400">{hint}</Description>
      </div>
      <Switch
        checked={on}
        disabled={busy || !canChange}
        onChange={(v) => void change(v)}
        className="group relative inline-flex h-7 w-12 shrink-0 items-center rounded-full bg-slate-700 transition before:absolute before:-inset-2 data-checked:bg-indigo-500 data-disabled:opacity-60"
      >
        <span className="inline-block h-5 w-5 translate-x-1 rounded-full bg-white transition group-data-checked:translate-x-6" />
      </Switch>
    </Field>
  );
}
