import { useQuery } from '@tanstack/react-query';
import type { Property } from '@shared/api';
import { mlsProfile, profileSourceLine, profileSummary, type MlsProfileId } from '@shared/domain';
import { MlsOptions } from '../../../components/mls-options';
import { showError } from '../../../components/toast';
import { preferencesQueryOptions } from '../../../lib/preferences';
import { useUpdateProperty } from '../api/update-property';
import { PROPERTY_TEXTS } from '../property-texts';

/** The MLS whose photo rules this property's ZIP follows: the owner's choice in Settings, or its own. */
export function MlsChoice({ property }: { property: Property }) {
  const prefs = useQuery(preferencesQueryOptions());
  const update = useUpdateProperty(property.id);
  const own = mlsProfile(prefs.data?.mlsProfile);
  const profile = property.mlsProfile ? mlsProfile(property.mlsProfile) : own;
  const choose = (value: string) =>
    update.mutate(
      { mlsProfile: value === '' ? null : (value as MlsProfileId) },
      {
        onError: (err) => showError(err.message, PROPERTY_TEXTS.mlsFailed),
      },
    );
  return (
    <div className="mt-3 text-sm">
      <label className="flex min-w-0 flex-col gap-1 text-slate-200">
        {PROPERTY_TEXTS.mlsLabel}
        <select
          value={property.mlsProfile ?? ''}
          disabled={update.isPending}
          onChange={(e) => choose(e.target.value)}
          className="min-h-11 w-full min-w-0 rounded-lg border border-slate-700 bg-slate-950 px-3 text-base text-slate-100"
        >
          <MlsOptions ownLabel={PROPERTY_TEXTS.mlsFromSettings(own.name)} />
        </select>
      </label>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-300">
        {profileSummary(profile).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className="mt-1 text-slate-400">{profileSourceLine(profile)}</p>
    </div>
  );
}
