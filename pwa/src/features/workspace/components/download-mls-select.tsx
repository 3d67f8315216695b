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
    <label className="inline-flex min-w-0 items-center">
      <span className="sr-only">{DOWNLOAD_MLS_TEXTS.label}</span>
      <select
        value={value ?? ''}
        title={DOWNLOAD_MLS_TEXTS.label}
        onChange={(e) => onChange(e.target.value === '' ? null : (e.target.value as MlsProfileId))}
        className="min-h-11 max-w-[14rem] min-w-0 rounded-lg border border-slate-700 bg-slate-950 px-2 text-sm text-slate-100"
      >
        <MlsOptions ownLabel={DOWNLOAD_MLS_TEXTS.yours(own.name)} />
      </select>
    </label>
  );
}
