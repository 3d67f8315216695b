import { Description, DialogTitle, Field, Label, Switch } from '@headlessui/react';
import {
  DEFAULT_LOCAL_SETTINGS,
  DOWNLOAD_FORMATS,
  DOWNLOAD_FORMAT_LABELS,
  IMAGE_QUALITIES,
  IMAGE_QUALITY_LABELS,
  ROOM_TYPE_LABELS,
  SETTINGS_ROOM_TYPES,
  type LocalSettings,
} from '@shared/domain';
import { useState } from 'react';
import { Select } from '../select';
import { IconDialogButton } from '../sheet-dialog';
import { showConfirmation, showError } from '../toast';
import { useLocalSettings, useSaveLocalSettings } from '../../offline/settings';
import { DefaultStyleField } from './default-style-field';
import { SETTINGS_DIALOG_TOASTS } from './settings-dialog-texts';

function Toggle({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <Field className="flex min-h-11 items-center justify-between gap-4">
      <span>
        <Label className="font-medium">{label}</Label>
        <Description className="text-sm text-slate-400">{hint}</Description>
      </span>
      <Switch
        checked={checked}
        onChange={onChange}
        className="group relative inline-flex h-8 w-14 shrink-0 items-center rounded-full bg-slate-700 transition data-checked:bg-indigo-500"
      >
        <span className="inline-block h-6 w-6 translate-x-1 rounded-full bg-white transition group-data-checked:translate-x-7" />
      </Switch>
    </Field>
  );
}

function SettingsForm({ initial, onDone }: { initial: LocalSettings; onDone: () => void }) {
  const [draft, setDraft] = useState(initial);
  const save = useSaveLocalSettings();
  const set = <K extends keyof LocalSettings>(key: K, value: LocalSettings[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const submit = () =>
    save.mutate(draft, {
      onSuccess: () => {
        void showConfirmation(SETTINGS_DIALOG_TOASTS.saved);
        onDone();
      },
      onError: () => showError(SETTINGS_DIALOG_TOASTS.notSaved),
    });

  return (
    <form
      className="mt-4 space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Select
        label="Image quality"
        value={draft.imageQuality}
        options={IMAGE_QUALITIES}
        labels={IMAGE_QUALITY_LABELS}
        onChange={(v) => set('imageQuality', v)}
      />
      <Select
        label="Default room type"
        value={draft.defaultRoomType}
        options={SETTINGS_ROOM_TYPES}
        labels={ROOM_TYPE_LABELS}
        onChange={(v) => set('defaultRoomType', v)}
      />
      <DefaultStyleField
        value={draft.defaultStyle}
        saved={initial.defaultStyle}
        onChange={(v) => set('defaultStyle', v)}
      />
      <Select
        label="Download format"
        value={draft.downloadFormat}
        options={DOWNLOAD_FORMATS}
        labels={DOWNLOAD_FORMAT_LABELS}
        onChange={(v) => set('downloadFormat', v)}
      />
      <Toggle
        label="Auto-save projects"
        hint="Keep your projects available on this device."
        checked={draft.autoSave}
        onChange={(v) => set('autoSave', v)}
      />
      <Toggle
        label="Show notifications"
        hint="Show confirmations such as Project Created. Errors always show."
        checked={draft.showNotifications}
        onChange={(v) => set('showNotifications', v)}
      />
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <button
          type="button"
          onClick={onDone}
          className="min-h-11 rounded-lg border border-slate-700 px-4 font-medium hover:bg-slate-800"
        >
          Cancel
        </button>
        <button
          type="submit"
          disabled={save.isPending}
          className="min-h-11 rounded-lg bg-indigo-500 px-4 font-semibold text-white hover:bg-indigo-400 disabled:opacity-60"
        >
          Save settings
        </button>
      </div>
    </form>
  );
}

/** The header's settings button and its device-only settings dialog. */
export function SettingsDialogButton() {
  const settings = useLocalSettings();
  return (
    <IconDialogButton
      label="Workspace settings"
      panelClassName="max-h-[100dvh] max-w-md overflow-y-auto"
      icon={
        <>
          <circle cx="12" cy="12" r="3" />
          <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
        </>
      }
    >
      {(close) => (
        <>
          <DialogTitle className="text-xl font-semibold">Settings</DialogTitle>
          <Description className="mt-1 text-sm text-slate-400">
            Kept on this device only, never sent anywhere.
          </Description>
          <SettingsForm initial={settings.data ?? DEFAULT_LOCAL_SETTINGS} onDone={close} />
        </>
      )}
    </IconDialogButton>
  );
}
