import { profileSourceLine, profileSummary, type MlsProfile } from '@shared/domain';

/** What a profile does to a download, and where its rule was read. */
export function MlsRules({ profile }: { profile: MlsProfile }) {
  return (
    <div className="mt-3 space-y-1 text-sm text-slate-300">
      <ul className="list-disc space-y-1 pl-5">
        {profileSummary(profile).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className="text-slate-400">
        {profileSourceLine(profile)}{' '}
        {profile.source.url && (
          <a href={profile.source.url} target="_blank" rel="noreferrer" className="underline">
            Source
          </a>
        )}
      </p>
    </div>
  );
}
