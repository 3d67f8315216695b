import { Field, Label, Switch } from '@headlessui/react';
import { Fragment } from 'react';
import { showConfirmation, showError } from '../../../components/toast';
import { SETTINGS_TOASTS } from '../settings-texts';
import { usePreferences, useUpdatePreferences } from '../../../lib/preferences';
import { DeviceNotifications } from './device-notifications';

type Group = 'emailNotifications' | 'inAppNotifications';
const TOGGLES: { group: Group; key: string; label: string }[] = [
  { group: 'emailNotifications', key: 'project_completed', label: 'Email me when a project is completed' },
  { group: 'emailNotifications', key: 'subscription_updates', label: 'Email me about my subscription' },
  { group: 'emailNotifications', key: 'marketing', label: 'Email me news and offers' },
  {
    group: 'inAppNotifications',
    key: 'project_completed',
    label: 'Notify me in the app when a project is completed',
  },
  { group: 'inAppNotifications', key: 'tips', label: 'Show tips in the app' },
];
const MESSAGES: Record<Group, { ok: string; fail: string }> = SETTINGS_TOASTS.preferences;

export function NotificationsSection() {
  const prefs = usePreferences();
  const update = useUpdatePreferences();

  const toggle = (group: Group, key: string, value: boolean) => {
    if (!prefs.data) return;
    // The API takes each group whole.
    const next = { ...prefs.data[group], [key]: value };
    update.mutate(
      { [group]: next },
      {
        onSuccess: () => void showConfirmation({ title: MESSAGES[group].ok }),
        onError: () => showError(MESSAGES[group].fail),
      },
    );
  };

  return (
    <section
      aria-labelledby="account-heading"
      className="rounded-2xl border border-slate-800 bg-slate-900 p-6"
    >
      <h2 id="account-heading" className="text-lg font-semibold">
        Account
      </h2>
      <p className="mt-1 text-sm text-slate-400">Notification preferences</p>
      {prefs.isError && (
        <p role="alert" className="mt-4 text-red-300">
          {prefs.error.message}
        </p>
      )}
      <div className="mt-4 space-y-2">
        {prefs.data &&
          TOGGLES.map(({ group, key, label }) => {
            const checked = (prefs.data[group] as Record<string, boolean>)[key] ?? false;
            const field = (
              <Field key={`${group}.${key}`} className="flex min-h-11 items-center justify-between gap-4">
                <Label className="text-slate-200">{label}</Label>
                {/* The ::before box grows the touch target to 44 px around the 28 px track. */}
                <Switch
                  checked={checked}
                  disabled={update.isPending}
                  onChange={(v) => toggle(group, key, v)}
                  className="group relative inline-flex h-7 w-12 shrink-0 items-center rounded-full bg-slate-700 transition before:absolute before:-inset-2 data-checked:bg-indigo-500 data-disabled:opacity-60"
                >
                  <span className="inline-block h-5 w-5 translate-x-1 rounded-full bg-white transition group-data-checked:translate-x-6" />
                </Switch>
              </Field>
            );
            // This device's own notifications sit under the in-app 'project completed' one they follow.
            if (group !== 'inAppNotifications' || key !== 'project_completed') return field;
            return (
              <Fragment key={`${group}.${key}`}>
                {field}
                <DeviceNotifications inAppOn={checked} />
              </Fragment>
            );
          })}
      </div>
    </section>
  );
}
