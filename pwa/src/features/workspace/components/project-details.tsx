import type { Project } from '@shared/api';
import { useCorrectRoomType } from '../../../api/projects';
import { RenameableName } from '../../../components/project-name';
import {
  COLOR_PALETTE_LABELS,
  PREVIEW_NOTICE,
  PREVIEW_RESULT_NOTICE,
  PROJECT_STATUS_LABELS,
  ROOM_TYPES,
  ROOM_TYPE_LABELS,
  STAGING_MODE_LABELS,
  STYLE_PRESET_LABELS,
  formatRelativeAge,
  isFinished,
  isPreviewEngine,
  type RoomType,
  type TitledMessage,
} from '@shared/domain';
import { WORKSPACE_TEXTS } from '../workspace-messages';
import { PreviewNotice } from '../../../components/preview-notice';

/** A visible 'Preview' badge: the local engine is a preview, never passed off as AI. */
export function EngineBadge({ engine }: { engine: Project['engine'] }) {
  if (!isPreviewEngine(engine)) return null;
  return (
    <span className="rounded-full border border-amber-400/60 bg-amber-400/10 px-2 py-0.5 text-xs font-semibold text-amber-200">
      Preview
    </span>
  );
}

/** A preview project's notice: what it will be while unfinished, what it is once made; a failure made nothing. */
function previewNotice(project: Project): TitledMessage | null {
  if (!isPreviewEngine(project.engine) || project.status === 'failed') return null;
  return isFinished(project.status) ? PREVIEW_RESULT_NOTICE : PREVIEW_NOTICE;
}

/**
 * The room type of a finished result, correctable where it is shown: an analysis that misread the room
 * (an exterior staged as 'Living Room') is put right, and the edits offered follow (Dusk, Sky, Lawn).
 */
function RoomTypeCorrection({ project }: { project: Project }) {
  const correct = useCorrectRoomType();
  return (
    <div>
      <dt className="text-slate-400">
        <label htmlFor={`room-type-${project.id}`}>{WORKSPACE_TEXTS.roomLabel}</label>
      </dt>
      <dd>
        <select
          id={`room-type-${project.id}`}
          aria-describedby={`room-type-hint-${project.id}`}
          className="min-h-11 w-full rounded-lg border border-slate-700 bg-slate-950 px-2 text-sm text-slate-100"
          value={project.roomType}
          disabled={correct.isPending}
          onChange={(e) => correct.mutate({ id: project.id, roomType: e.target.value as RoomType })}
        >
          {ROOM_TYPES.map((r) => (
            <option key={r} value={r}>
              {ROOM_TYPE_LABELS[r]}
            </option>
          ))}
        </select>
        <span id={`room-type-hint-${project.id}`} className="sr-only">
          {WORKSPACE_TEXTS.roomHint}
        </span>
        {correct.error && (
          <p role="alert" className="mt-1 text-xs text-rose-300">
            {correct.error.message}
          </p>
        )}
      </dd>
    </div>
  );
}

/** The selected project's name, state and the options it was made with (its room type correctable). */
export function ProjectDetails({ project }: { project: Project }) {
  const correctable = !project.isDemo && project.status === 'completed';
  const rows: [string, string][] = [
    ['Status', PROJECT_STATUS_LABELS[project.status]],
    ['Mode', STAGING_MODE_LABELS[project.stagingMode]],
  ];
  if (!correctable) rows.push([WORKSPACE_TEXTS.roomLabel, ROOM_TYPE_LABELS[project.roomType]]);
  if (project.stylePreset) rows.push(['Style', STYLE_PRESET_LABELS[project.stylePreset]]);
  if (project.colorPalette) rows.push(['Palette', COLOR_PALETTE_LABELS[project.colorPalette]]);
  rows.push(['Created', formatRelativeAge(project.createdAt)]);
  const notice = previewNotice(project);
  return (
    <section
      aria-labelledby="project-details-title"
      className="rounded-2xl border border-slate-800 bg-slate-900 p-4"
    >
      <div className="flex flex-wrap items-center gap-2">
        {project.isDemo ? (
          <h2 id="project-details-title" className="min-w-0 break-words text-lg font-semibold">
            {project.name}
          </h2>
        ) : (
          <RenameableName project={project}>
            <h2 id="project-details-title" className="min-w-0 break-words text-lg font-semibold">
              {project.name}
            </h2>
          </RenameableName>
        )}
        <EngineBadge engine={project.engine} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt className="text-slate-400">{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
        {correctable && <RoomTypeCorrection project={project} />}
      </dl>
      {project.customPrompt && <p className="mt-3 text-sm text-slate-300">“{project.customPrompt}”</p>}
      {notice && <PreviewNotice message={notice} className="mt-3" />}
    </section>
  );
}
