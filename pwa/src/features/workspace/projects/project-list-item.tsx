import type { Project } from '@shared/api';
import { PROJECT_STATUS_LABELS, ROOM_TYPE_LABELS, formatRelativeAge } from '@shared/domain';
import { StrokeIcon } from '../../../components/stroke-icon';
import { RenameableName } from '../../../components/project-name';

const statusColour: Record<Project['status'], string> = {
  pending: 'bg-slate-700 text-slate-200',
  processing: 'bg-indigo-500/20 text-indigo-200',
  completed: 'bg-emerald-500/20 text-emerald-200',
  failed: 'bg-red-500/20 text-red-200',
};

/**
 * One project in a list: thumbnail, name, room, age and status, View Project and delete. The name gets
 * the width: in a narrow list (an `@container` parent) the actions move to a row of their own.
 */
export function ProjectListItem({
  project: p,
  onView,
  onDelete,
}: {
  project: Project;
  onView: (project: Project) => void;
  onDelete: (project: Project) => void;
}) {
  return (
    <li className="grid grid-cols-[4rem_minmax(0,1fr)] items-center gap-x-3 gap-y-1 rounded-xl bg-slate-950/60 p-2 @lg:grid-cols-[4rem_minmax(0,1fr)_auto]">
      <img
        src={p.thumbnailUrl}
        alt=""
        width={64}
        height={48}
        loading="lazy"
        className="h-12 w-16 rounded-lg bg-slate-800 object-cover"
      />
      <div className="min-w-0">
        <RenameableName project={p}>
          <p className="line-clamp-3 min-w-0 font-medium wrap-break-word" title={p.name}>
            {p.name}
          </p>
        </RenameableName>
        <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-400">
          <span>
            {ROOM_TYPE_LABELS[p.roomType]} · {formatRelativeAge(p.createdAt)}
          </span>
          <span className={`rounded-full px-2 py-0.5 ${statusColour[p.status]}`}>
            {PROJECT_STATUS_LABELS[p.status]}
          </span>
        </p>
      </div>
      <div className="col-span-2 flex justify-end gap-1 @lg:col-span-1">
        <button
          type="button"
          onClick={() => onView(p)}
          aria-label={`View Project ${p.name}`}
          className="min-h-11 rounded-lg px-3 text-sm font-medium text-indigo-300 hover:bg-slate-800"
        >
          View Project
        </button>
        <button
          type="button"
          onClick={() => onDelete(p)}
          aria-label={`Delete project ${p.name}`}
          className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg text-slate-400 hover:bg-slate-800 hover:text-red-300"
        >
          <StrokeIcon className="h-5 w-5">
            <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
          </StrokeIcon>
        </button>
      </div>
    </li>
  );
}
