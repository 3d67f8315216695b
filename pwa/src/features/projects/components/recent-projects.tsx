import type { Project } from '@shared/api';
import { PROJECT_STATUS_LABELS, RECENT_PROJECTS, ROOM_TYPE_LABELS, formatRelativeAge } from '@shared/domain';
import { useState } from 'react';
import { StrokeIcon } from '../../../components/stroke-icon';
import { showToast } from '../../../components/toast';
import { useDeleteProject } from '../api/delete-project';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';

const statusColour: Record<Project['status'], string> = {
  pending: 'bg-slate-700 text-slate-200',
  processing: 'bg-indigo-500/20 text-indigo-200',
  completed: 'bg-emerald-500/20 text-emerald-200',
  failed: 'bg-red-500/20 text-red-200',
};

/** The latest five projects with their age, View Project and a confirmed delete. */
export function RecentProjects({
  projects,
  loading,
  onView,
  onDeleted,
}: {
  projects: readonly Project[] | undefined;
  loading: boolean;
  onView: (project: Project) => void;
  onDeleted?: (id: string) => void;
}) {
  const [toDelete, setToDelete] = useState<Project | null>(null);
  const remove = useDeleteProject();
  const recent = (projects ?? []).slice(0, RECENT_PROJECTS);

  const confirmDelete = () => {
    if (!toDelete) return;
    const { id } = toDelete;
    remove.mutate(id, {
      onSuccess: () => {
        showToast({ title: 'Project Deleted', description: 'The project has been deleted successfully.' });
        onDeleted?.(id);
      },
      onError: (err) =>
        showToast({
          title: 'Error',
          description: err.message || 'Failed to delete project',
          variant: 'destructive',
        }),
      onSettled: () => setToDelete(null),
    });
  };

  return (
    <section
      aria-labelledby="recent-projects-title"
      className="rounded-2xl border border-slate-800 bg-slate-900 p-4"
    >
      <h2 id="recent-projects-title" className="text-lg font-semibold">
        Recent Projects
      </h2>
      {loading && <p className="mt-3 text-sm text-slate-400">Loading projects...</p>}
      {!loading && recent.length === 0 && (
        <p className="mt-3 text-sm text-slate-400">No projects yet. Your staged rooms will appear here.</p>
      )}
      {/* The name gets the width: in a narrow column the actions move to a row of their own. */}
      <ul className="@container mt-3 space-y-2">
        {recent.map((p) => (
          <li
            key={p.id}
            className="grid grid-cols-[4rem_minmax(0,1fr)] items-center gap-x-3 gap-y-1 rounded-xl bg-slate-950/60 p-2 @lg:grid-cols-[4rem_minmax(0,1fr)_auto]"
          >
            <img
              src={p.thumbnailUrl}
              alt=""
              width={64}
              height={48}
              loading="lazy"
              className="h-12 w-16 rounded-lg bg-slate-800 object-cover"
            />
            <div className="min-w-0">
              <p className="line-clamp-3 font-medium wrap-break-word" title={p.name}>
                {p.name}
              </p>
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
                onClick={() => setToDelete(p)}
                aria-label={`Delete project ${p.name}`}
                className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg text-slate-400 hover:bg-slate-800 hover:text-red-300"
              >
                <StrokeIcon className="h-5 w-5">
                  <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
                </StrokeIcon>
              </button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDeleteDialog
        open={toDelete !== null}
        projectName={toDelete?.name ?? ''}
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
      />
    </section>
  );
}
