import type { PropertyRoom, RoomProject } from '@shared/api';
import { useState } from 'react';
import {
  ComparisonPanel,
  VersionPicker,
  comparingText,
  defaultPair,
  pairUrls,
  type ComparedVersions,
} from '../../../components/comparison';
import { failureToast } from '../../../components/toast';
import { downloadProject, useProjectVersions } from '../../../api/projects';
import { PROPERTY_TEXTS } from '../property-texts';

const button =
  'inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-700 px-4 text-sm font-medium text-slate-100 hover:bg-slate-800';

/**
 * A staged room's before and after where it is: Download, Show changes, and its versions, any two of which
 * the slider compares (listed once asked for: a property of twenty rooms asks for none it does not show).
 */
export function RoomComparison({
  room,
  project,
  title,
}: {
  room: Pick<PropertyRoom, 'originalImageUrl' | 'width' | 'height'>;
  project: RoomProject;
  title: string;
}) {
  const [open, setOpen] = useState(false);
  const [pair, setPair] = useState<ComparedVersions | null>(null);
  const list = useProjectVersions(project.id, open).data?.versions ?? [];
  const urls = pair ? pairUrls(list, pair) : null;
  const picker = (
    <div className="mb-3 space-y-2">
      <button type="button" className={button} aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {PROPERTY_TEXTS.roomVersions}
      </button>
      {open && <VersionPicker versions={list} pair={pair ?? defaultPair(list)} onChange={setPair} named />}
    </div>
  );
  return (
    <ComparisonPanel
      beforeUrl={urls?.before ?? room.originalImageUrl}
      afterUrl={urls?.after ?? project.stagedImageUrl ?? ''}
      projectName={title}
      onDownload={() =>
        void downloadProject(project.id).catch(failureToast(PROPERTY_TEXTS.downloadRoomFailed))
      }
      imageWidth={room.width}
      imageHeight={room.height}
      loading="lazy"
      titleAs="h3"
      // The check belongs to the current result: another pair has none to show.
      checks={!urls && project.structure?.length ? project.structure : undefined}
      comparing={open ? comparingText(list, pair ?? defaultPair(list)) : undefined}
      notice={picker}
    />
  );
}
