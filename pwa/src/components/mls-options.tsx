import { MLS_PROFILES } from '@shared/domain';

/** The options of an MLS select: first the agent's own (Settings) as the empty value, then every profile. */
export function MlsOptions({ ownLabel }: { ownLabel: string }) {
  return (
    <>
      <option value="">{ownLabel}</option>
      {MLS_PROFILES.map((p) => (
        <option key={p.id} value={p.id}>
          {p.name}
        </option>
      ))}
    </>
  );
}
