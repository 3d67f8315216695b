import { OverallProgress } from '../../../components/overall-progress';
import { PROPERTY_TEXTS, stagedCount } from '../property-texts';
import type { StageSummary } from '../stage-summary';

/** Overall progress of the property's stagings, with the counts by status. */
export function StageProgress({ summary }: { summary: StageSummary }) {
  const { counts, overall, total } = summary;
  return (
    <OverallProgress
      caption={PROPERTY_TEXTS.overall}
      barLabel={PROPERTY_TEXTS.overall}
      summary={stagedCount(counts.completed, total)}
      percent={overall}
      counts={counts}
    />
  );
}
