import type { MlsProfileId } from '@shared/domain';
import type { PropertyRoom, RoomProject } from '@shared/api';
import { projectLinkPath } from '@shared/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  ComparisonPanel,
  comparingText,
  defaultPair,
  type ComparedVersions,
} from '../../../components/comparison';
import {
  EDIT_TEXTS,
  VersionsPanel,
  awaitsEditChoice,
  useResultDownload,
} from '../../../components/result-tools';
import { useStructureChoice } from '../../../components/structure-choice';
import { useProjectVersions } from '../../../api/projects';
import { propertyQueryKey } from '../../../lib/property-query-keys';
import { PROPERTY_TEXTS } from '../property-texts';
import { RoomStructureChoice } from './room-structure-choice';
import { button } from './styles';

/**
 * A staged room's result with the workspace's tools, where it is: Download (plain or listing-ready under the
 * property's MLS), Show changes, and on asking its versions, edits and Enhance, any two versions of which the
 * slider compares (listed once asked for: a property of twenty rooms asks for none it does not show).
 */
export function RoomComparison({
  propertyId,
  mls,
  room,
  project,
  title,
}: {
  propertyId: string;
  /** The property's MLS (null: the agent's own): what its listing-ready copies and edits follow. */
  mls: MlsProfileId | null;
  room: Pick<PropertyRoom, 'originalImageUrl' | 'thumbnailUrl' | 'width' | 'height' | 'roomType'>;
  project: RoomProject;
  title: string;
}) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: propertyQueryKey(propertyId) });
  const choice = useStructureChoice(project, undefined, refresh, PROPERTY_TEXTS.roomRestaging);
  const download = useResultDownload(project.id, choice, {
    owned: true,
    ready: true,
    mls,
    planOnAsking: true,
    shareWhere: PROPERTY_TEXTS.roomShareWhere,
  });
  const [open, setOpen] = useState(false);
  const [compared, setCompared] = useState<{ pair: ComparedVersions; before: string; after: string } | null>(
    null,
  );
  const list = useProjectVersions(project.id, open).data?.versions ?? [];
  const current = list.find((v) => v.current);
  // An edit made, a version set current or deleted: the property is read again for the room's new result.
  const shown = useRef(current?.number);
  useEffect(() => {
    if (shown.current !== undefined && current?.number !== undefined && shown.current !== current.number)
      void queryClient.invalidateQueries({ queryKey: propertyQueryKey(propertyId) });
    shown.current = current?.number;
  }, [current?.number, propertyId, queryClient]);
  const tools = (
    <div className="mb-3 flex flex-wrap gap-2">
      <button
        type="button"
        className={button}
        aria-expanded={open}
        aria-label={PROPERTY_TEXTS.roomToolsLabel(EDIT_TEXTS.heading, title)}
        onClick={() => setOpen((o) => !o)}
      >
        {EDIT_TEXTS.heading}
      </button>
      <Link
        to={projectLinkPath(project.id)}
        aria-label={PROPERTY_TEXTS.openRoomProjectLabel(title)}
        className={button}
      >
        {PROPERTY_TEXTS.openRoomProject}
      </Link>
    </div>
  );
  return (
    <div className="space-y-3">
      <ComparisonPanel
        beforeUrl={compared?.before ?? room.originalImageUrl}
        afterUrl={compared?.after ?? project.stagedImageUrl ?? ''}
        projectName={title}
        onDownload={download.onDownload}
        downloadOptions={download.options}
        imageWidth={room.width}
        imageHeight={room.height}
        loading="lazy"
        titleAs="h3"
        // The check belongs to the current result: another pair has none to show.
        checks={!compared && project.structure?.length ? project.structure : undefined}
        concept={project.concept}
        comparing={open ? comparingText(list, compared?.pair ?? defaultPair(list)) : undefined}
        notice={tools}
      />
      {open && (
        <VersionsPanel
          projectId={project.id}
          roomType={room.roomType}
          shownUrl={project.stagedImageUrl ?? undefined}
          originalThumbUrl={room.thumbnailUrl}
          compared={compared?.pair ?? null}
          onCompare={(pair, urls) => setCompared({ pair, ...urls })}
          mls={mls}
          titleAs="h4"
        />
      )}
      {/* An edit that changed the room is chosen about beside its version, as in the workspace. */}
      {!(open && awaitsEditChoice(current) && choice.awaits) && (
        <RoomStructureChoice project={project} choice={choice} />
      )}
      {download.dialogs}
    </div>
  );
}
