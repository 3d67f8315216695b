import { useQueryClient } from '@tanstack/react-query';
import type { RoomProject } from '@shared/api';
import { propertyQueryKey } from '../../../lib/property-query-keys';
import { StructureChoicePanel, useStructureChoice } from '../../../components/structure-choice';
import { PROPERTY_TEXTS } from '../property-texts';

/**
 * Under a room whose staging still changes the room: Restage (the same room, staged again) or Keep as
 * concept, as in the workspace, with what changed named; the property is read again after either so the room shows what it is now.
 */
export function RoomStructureChoice({ propertyId, project }: { propertyId: string; project: RoomProject }) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: propertyQueryKey(propertyId) });
  const choice = useStructureChoice(project, undefined, refresh, PROPERTY_TEXTS.roomRestaging);
  const flagged = project.structure?.find((c) => c.flagged);
  const changes = flagged?.changes.length ? flagged.changes : flagged?.opinion ? [flagged.opinion] : [];
  return <StructureChoicePanel choice={choice} changes={changes} />;
}
