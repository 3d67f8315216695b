import { MLS_PROFILES, mlsProfile, type MlsProfileId } from '@shared/domain';
import { showConfirmation, showError } from '../../../components/toast';
import { usePreferences, useUpdatePreferences } from '../../../lib/preferences';
import { MlsRules } from './mls-rules';

export const MLS_SECTION_TEXTS = {
  heading: 'Listing rules',
  intro: 'Downloads follow the photo rules of your MLS. A property can use another one.',
  label: 'Your MLS',
  saved: 'MLS rules updated',
  failed: 'Failed to update the MLS rules. Please try again.',
} as const;

/** The agent's MLS, picked once: which photos, labels, order, captions and remarks their downloads get. */
export function MlsSection() {
  const prefs = usePreferences();
  const update = useUpdatePreferences();
  const chosen = prefs.data?.mlsProfile;
  const choose = (id: MlsProfileId) =>
    update.mutate(
      { mlsProfile: id },
      {
        onSuccess: () => void showConfirmation({ title: MLS_SECTION_TEXTS.saved }),
        onError: () => showError(MLS_SECTION_TEXTS.failed),
      },
    );
  return (
    <section aria-labelledby="mls-heading" className="rounded-2xl border border-slate-800 bg-slate-900 p-6">
      <h2 id="mls-heading" className="text-lg font-semibold">
        {MLS_SECTION_TEXTS.heading}
      </h2>
      <p className="mt-1 text-sm text-slate-400">{MLS_SECTION_TEXTS.intro}</p>
      {chosen && (
        <>
          <label className="mt-4 flex flex-col gap-1 text-sm text-slate-200">
            {MLS_SECTION_TEXTS.label}
            <select
              value={chosen}
              disabled={update.isPending}
              onChange={(e) => choose(e.target.value as MlsProfileId)}
              className="min-h-11 w-full min-w-0 rounded-lg border border-slate-700 bg-slate-950 px-3 text-base text-slate-100"
            >
              {MLS_PROFILES.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
          <MlsRules profile={mlsProfile(chosen)} />
        </>
      )}
    </section>
  );
}
