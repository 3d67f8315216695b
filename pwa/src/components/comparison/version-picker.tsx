import type { ProjectVersion } from '@shared/api';
import { VERSION_TEXTS } from '@shared/domain';

/** The texts of choosing which versions the slider compares, once for every place that offers it. */
export const VERSION_PICKER_TEXTS = {
  compare: 'Compare',
  before: 'Before',
  after: 'After',
  /** Under the slider: which two versions it shows. */
  comparing: (before: string, after: string) => `Comparing ${before} with ${after}`,
} as const;

/** What a version is, in a few words: the original, the staging, or the edit with its instruction. */
export function versionName(v: ProjectVersion): string {
  if (v.kind === 'original') return `v0 · ${VERSION_TEXTS.original}`;
  if (v.kind === 'staging') return `v${v.number} · ${VERSION_TEXTS.staging}`;
  if (v.kind === 'remove') return `v${v.number} · ${VERSION_TEXTS.remove}`;
  if (v.kind === 'fill') return `v${v.number} · ${VERSION_TEXTS.fillPrefix}: ${v.instruction ?? ''}`;
  return `v${v.number} · ${v.instruction ?? ''}`;
}

export interface ComparedVersions {
  before: number;
  after: number;
}

/** The pair the slider shows unless another is picked: the original and the current version. */
export const defaultPair = (versions: readonly ProjectVersion[]): ComparedVersions => ({
  before: 0,
  after: versions.find((v) => v.current)?.number ?? -1,
});

/** 'Comparing v0 · Original photo with v2 · …' for a pair, when both are in the list. */
export function comparingText(
  versions: readonly ProjectVersion[],
  pair: ComparedVersions,
): string | undefined {
  const [before, after] = [pair.before, pair.after].map((n) => versions.find((v) => v.number === n));
  return before && after
    ? VERSION_PICKER_TEXTS.comparing(versionName(before), versionName(after))
    : undefined;
}

/** The images of a pair, when both versions are in the list. */
export function pairUrls(
  versions: readonly ProjectVersion[],
  pair: ComparedVersions,
): { before: string; after: string } | null {
  const [before, after] = [pair.before, pair.after].map((n) => versions.find((v) => v.number === n));
  return before && after ? { before: before.imageUrl, after: after.imageUrl } : null;
}

const select =
  'min-h-11 max-w-full rounded-lg border border-slate-700 bg-slate-950 px-2 text-sm text-slate-100';

/**
 * Two selects, Before and After, over a project's versions: which two the before/after slider compares.
 * `named` lists each version by what it is ('v2 · Removed what was painted') instead of its number alone.
 */
export function VersionPicker({
  versions,
  pair,
  onChange,
  named = false,
}: {
  versions: readonly ProjectVersion[];
  pair: ComparedVersions;
  onChange: (pair: ComparedVersions) => void;
  named?: boolean;
}) {
  if (versions.length < 2) return null;
  return (
    <div className="flex flex-wrap items-end gap-2">
      <span className="min-h-11 content-center text-sm font-medium text-slate-200">
        {VERSION_PICKER_TEXTS.compare}
      </span>
      {(['before', 'after'] as const).map((side) => (
        <label key={side} className="flex min-w-0 flex-col text-xs text-slate-400">
          {VERSION_PICKER_TEXTS[side]}
          <select
            className={select}
            value={pair[side]}
            onChange={(e) => onChange({ ...pair, [side]: Number(e.target.value) })}
          >
            {versions.map((v) => (
              <option key={v.number} value={v.number}>
                {named ? versionName(v) : `v${v.number}`}
              </option>
            ))}
          </select>
        </label>
      ))}
    </div>
  );
}
