import type { RoomProject } from '@shared/api';
import { StructureChoicePanel, type StructureChoice } from '../../../components/structure-choice';

/**
 * Under a room whose staging still changes the room: Restage (the same room, staged again) or Keep as
 * concept, as in the workspace, with what changed named; `choice` reads the property again after either so
 * the room shows what it is now.
 */
export function RoomStructureChoice({ project, choice }: { project: RoomProject; choice: StructureChoice }) {
  const flagged = project.structure?.find((c) => c.flagged);
  const changes = flagged?.changes.length ? flagged.changes : flagged?.opinion ? [flagged.opinion] : [];
  return <StructureChoicePanel choice={choice} changes={changes} />;
}
