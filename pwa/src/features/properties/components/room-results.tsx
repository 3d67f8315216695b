import type { Property } from '@shared/api';
import { customRoomName } from '@shared/domain';
import { RenameableName } from '../../../components/project-name';
import { PROPERTY_TEXTS, roomTitle } from '../property-texts';
import { RoomComparison } from './room-comparison';

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
        {staged.map(({ project, ...room }) => {
          const title = roomTitle(room.position, room.roomType, customRoomName(project?.name, property.name));
          return (
            <div key={`${room.id}-${project?.id}`} className="space-y-1">
              {project && (
                // The staging's own name, as the projects list shows it: renamed here like anywhere else.
                <RenameableName project={project}>
                  <p className="break-words px-1 text-sm text-slate-300">{project.name}</p>
                </RenameableName>
              )}
              {project && (
                <RoomComparison
                  propertyId={property.id}
                  mls={property.mlsProfile}
                  room={room}
                  project={project}
                  title={title}
                />
              )}
            </div>
          );
        })}
      </div>
    </section>
  );
}
