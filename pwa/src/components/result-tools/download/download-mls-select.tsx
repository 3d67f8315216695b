import { mlsProfile, type MlsProfileId } from '@shared/domain';
import { MlsOptions } from '../../../components/mls-options';
import { usePreferences } from '../../../lib/preferences';

export const DOWNLOAD_MLS_TEXTS = {
  label: 'MLS rules for this download',
  yours: (name: string) => `Your MLS (${name})`,
} as const;

/** The MLS whose photo rules one listing-ready download follows: the agent's own (Settings) unless picked here. */
export function DownloadMlsSelect({
  value,
  onChange,
}: {
  value: MlsProfileId | null;
  onChange: (id: MlsProfileId | null) => void;
}) {
  const own = mlsProfile(usePreferences().data?.mlsProfile);
  return (
    // Its own row on a phone and as wide as its words anywhere, so the MLS's name is never cut.
    <label className="inline-flex w-full min-w-0 items-center sm:w-auto">
      <span className="sr-only">{DOWNLOAD_MLS_TEXTS.label}</span>
      <select
        value={value ?? ''}
        title={DOWNLOAD_MLS_TEXTS.label}
        onChange={(e) => onChange(e.target.value === '' ? null : (e.target.value as MlsProfileId))}
        className="min-h-11 w-full min-w-0 rounded-lg border border-slate-700 bg-slate-950 px-2 text-sm text-slate-100 sm:w-auto"
      >
        <MlsOptions ownLabel={DOWNLOAD_MLS_TEXTS.yours(own.name)} />
      </select>
    </label>
  );
}
