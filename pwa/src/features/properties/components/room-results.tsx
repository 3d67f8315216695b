import type { Property } from '@shared/api';
import { ComparisonPanel } from '../../../components/comparison';
import { PROPERTY_TEXTS, roomTitle } from '../property-texts';

/** Before and after of every staged room, in room order. */
export function RoomResults({ property }: { property: Property }) {
  const staged = property.rooms.filter((r) => r.project?.status === 'completed' && r.project.stagedImageUrl);
  if (staged.length === 0) return null;
  return (
    <section aria-labelledby="results-title" className="space-y-3">
      <div>
        <h2 id="results-title" className="text-lg font-semibold">
          {PROPERTY_TEXTS.resultsTitle}
        </h2>
        <p className="text-sm text-slate-400">{PROPERTY_TEXTS.resultsHint}</p>
      </div>
      <div className="grid gap-4 xl:grid-cols-2">
        {staged.map((room) => (
          <ComparisonPanel
            key={`${room.id}-${room.project?.id}`}
            beforeUrl={room.originalImageUrl}
            afterUrl={room.project?.stagedImageUrl ?? ''}
            projectName={roomTitle(room.position, room.roomType)}
            imageWidth={room.width}
            imageHeight={room.height}
            loading="lazy"
            titleAs="h3"
            checks={room.project?.structure?.length ? room.project.structure : undefined}
          />
        ))}
      </div>
    </section>
  );
}
