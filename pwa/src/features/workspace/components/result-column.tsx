import type { Project, ProjectStatusResponse } from '@shared/api';
import { isFinished } from '@shared/domain';
import { useEffect, useRef, useState } from 'react';
import {
  ComparisonPanel,
  comparingText,
  defaultPair,
  type ComparedVersions,
} from '../../../components/comparison';
import { bringIntoView } from '../../../lib/bring-into-view';
import {
  VersionsPanel,
  awaitsEditChoice,
  useResultDownload,
  useVersions,
} from '../../../components/result-tools';
import { DraftBadge, DraftNotice } from './draft-notice';
import { ProgressIndicator } from './progress-indicator';
import { EngineBadge, ProjectDetails } from './project-details';
import { ShareCard } from './share-card';
import { StructureChoicePanel, useStructureChoice } from '../../../components/structure-choice';
import { WORKSPACE_TEXTS } from '../workspace-messages';

function previewCaption(creating: boolean, refused: boolean): string {
  if (refused) return WORKSPACE_TEXTS.refusedHint;
  return creating ? 'Uploading your photo...' : 'Choose your options, then press Generate.';
}

/** The right column's selected project: details, progress, then the before/after comparison. */
export function ResultColumn({
  project,
  status,
  previewUrl,
  creating,
  refused = false,
  scrollOnShow = true,
  onRestaged,
}: {
  project: Project | null;
  status: ProjectStatusResponse | null;
  previewUrl: string | null;
  creating: boolean;
  /** The chosen photo was refused at analysis (the picker says why). */
  refused?: boolean;
  /** Whether a newly shown project scrolls into view (the batch review scrolls its own header instead). */
  scrollOnShow?: boolean;
  /** A restaged result's new project, for the view to follow it. */
  onRestaged?: (project: Project) => void;
}) {
  const top = useRef<HTMLDivElement>(null);
  const [compared, setCompared] = useState<{ pair: ComparedVersions; before: string; after: string } | null>(
    null,
  );
  const shownId = project?.id;
  const choice = useStructureChoice(project, onRestaged);
  const completed = (status?.status ?? project?.status) === 'completed';
  const download = useResultDownload(shownId ?? '', choice, {
    owned: Boolean(project && !project.isDemo),
    ready: Boolean(shownId && completed),
  });
  const versions = useVersions(shownId ?? '', Boolean(shownId && completed && !project?.isDemo));
  // An edit that changed the room is chosen about beside its version (try again, keep, delete).
  const editChoice = awaitsEditChoice(versions.data?.versions.find((v) => v.current));
  // A newly shown project comes into view: below the options on a phone, above them on a wide screen.
  useEffect(() => {
    if (shownId && scrollOnShow) bringIntoView(top.current);
    setCompared(null);
  }, [shownId, scrollOnShow]);

  if (!project) {
    return (
      <section aria-label="Result" className="rounded-2xl border border-slate-800 bg-slate-900 p-4">
        {previewUrl ? (
          <>
            <img
              src={previewUrl}
              alt="The room photo you chose"
              className="max-h-96 w-full rounded-xl object-contain"
            />
            <p className="mt-3 text-sm text-slate-300">{previewCaption(creating, refused)}</p>
          </>
        ) : (
          <p className="text-slate-300">
            Upload a room photo and press Generate: the staged result appears here.
          </p>
        )}
      </section>
    );
  }
  const state = status ?? {
    status: project.status,
    progress: project.progress,
    stagedImageUrl: project.stagedImageUrl,
    error: project.error,
  };
  const afterUrl = state.stagedImageUrl ?? project.stagedImageUrl;
  // The slider says which two versions it shows: the original and the current one unless others are picked.
  const list = versions.data?.versions ?? [];
  const comparing = comparingText(list, compared?.pair ?? defaultPair(list));
  const done = state.status === 'completed' && afterUrl;
  // A first look while staging, in the place the final takes (same panel, so it is replaced in place).
  const drafts = isFinished(state.status) ? [] : (status?.draft ?? project.draft);
  const draftUrl = done ? undefined : drafts[0];
  return (
    <div ref={top} className="scroll-mt-20 space-y-4">
      <ProjectDetails project={{ ...project, status: state.status }} />
      <ProgressIndicator
        status={state.status}
        progress={Number(state.progress) || 0}
        engine={project.engine}
        error={state.error ?? project.metadata.error}
      />
      {done && (
        <ComparisonPanel
          key={project.id}
          beforeUrl={compared?.before ?? project.originalImageUrl}
          afterUrl={compared?.after ?? afterUrl}
          projectName={project.name}
          variants={!compared && project.variants.length > 1 ? project.variants : undefined}
          onDownload={download.onDownload}
          downloadOptions={download.options}
          badge={<EngineBadge engine={project.engine} />}
          checks={!compared && project.structure.length > 0 ? project.structure : undefined}
          concept={project.concept}
          comparing={comparing}
        />
      )}
      {draftUrl && (
        // No Download, no listing format: a draft is never listing-ready; multi-view's drafts side by side.
        <ComparisonPanel
          key={project.id}
          beforeUrl={project.originalImageUrl}
          afterUrl={draftUrl}
          projectName={project.name}
          variants={drafts.length > 1 ? drafts : undefined}
          badge={
            <>
              <DraftBadge />
              <EngineBadge engine={project.engine} />
            </>
          }
          notice={<DraftNotice url={draftUrl} projectName={project.name} />}
        />
      )}
      {done && !project.isDemo && (
        <VersionsPanel
          projectId={project.id}
          roomType={project.roomType}
          shownUrl={afterUrl}
          originalThumbUrl={project.thumbnailUrl}
          compared={compared?.pair ?? null}
          onCompare={(pair, urls) => setCompared({ pair, ...urls })}
        />
      )}
      {done && !(editChoice && choice.awaits) && <StructureChoicePanel choice={choice} />}
      {done && !project.isDemo && <ShareCard project={project} />}
      {download.dialogs}
    </div>
  );
}
