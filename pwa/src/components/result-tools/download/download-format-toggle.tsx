import type { Export4kPlan } from '@shared/api';
import {
  DEFAULT_LOCAL_SETTINGS,
  DOWNLOAD_FORMATS,
  DOWNLOAD_FORMAT_DESCRIPTIONS,
  DOWNLOAD_FORMAT_LABELS,
  EXPORT_4K_LONG_EDGE,
  type DownloadFormat,
} from '@shared/domain';
import { useLocalSettings, useSaveLocalSettings } from '../../../offline/settings';

/** The Download choice, remembered on this device (local settings) for every later download. */
export function useDownloadFormat(): [DownloadFormat, (format: DownloadFormat) => void] {
  const settings = useLocalSettings();
  const save = useSaveLocalSettings();
  const current = settings.data ?? DEFAULT_LOCAL_SETTINGS;
  return [current.downloadFormat, (downloadFormat) => save.mutate({ ...current, downloadFormat })];
}

/** Plain or Listing-ready, as a two-option switch beside the Download button. */
export function DownloadFormatToggle({
  value,
  onChange,
}: {
  value: DownloadFormat;
  onChange: (format: DownloadFormat) => void;
}) {
  return (
    <div
      role="radiogroup"
      aria-label="Download format"
      className="inline-flex overflow-hidden rounded-lg border border-slate-700"
    >
      {DOWNLOAD_FORMATS.map((format) => (
        <button
          key={format}
          type="button"
          role="radio"
          aria-checked={value === format}
          title={DOWNLOAD_FORMAT_DESCRIPTIONS[format]}
          onClick={() => onChange(format)}
          className={`min-h-11 px-3 text-sm font-medium focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-400 ${
            value === format ? 'bg-slate-700 text-white' : 'text-slate-300 hover:bg-slate-800'
          }`}
        >
          {DOWNLOAD_FORMAT_LABELS[format]}
        </button>
      ))}
    </div>
  );
}

/**
 * Pro's 4K export (long edge 3840 px), a switch beside the format; shown only to Pro users. Switched on,
 * it says what the download will be ('4K, enlarged from 2048 px') once the server has told.
 */
export function Export4kToggle({
  value,
  onChange,
  plan,
}: {
  value: boolean;
  onChange: (on: boolean) => void;
  plan: Export4kPlan | undefined;
}) {
  return (
    <button
      type="button"
      aria-pressed={value}
      title={`Download in 4K (${EXPORT_4K_LONG_EDGE} px long edge), a Pro export${plan ? `: ${plan.label}` : ''}`}
      onClick={() => onChange(!value)}
      className={`min-h-11 rounded-lg border border-slate-700 px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-400 ${
        value ? 'bg-slate-700 text-white' : 'text-slate-300 hover:bg-slate-800'
      }`}
    >
      {value && plan ? plan.label : '4K'}
    </button>
  );
}
