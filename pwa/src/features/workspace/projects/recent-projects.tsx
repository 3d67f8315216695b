import type { Project } from '@shared/api';
import { RECENT_PROJECTS } from '@shared/domain';
import { useMemo, useState } from 'react';
import { StrokeIcon } from '../../../components/stroke-icon';
import { useKeepCurrentVersions } from '../../../components/result-tools';
import { AllProjectsDialog } from './all-projects-dialog';
import { ProjectListItem } from './project-list-item';
import {
  ALL_PROJECTS_TITLE,
  LOADING_PROJECTS,
  NO_PROJECTS_YET,
  RECENT_PROJECTS_TITLE,
} from './project-list-texts';
import { useProjectDeletion } from './use-project-deletion';

/** The latest five projects with their age, View Project and a confirmed delete; All projects for the rest. */
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
  const [allOpen, setAllOpen] = useState(false);
  const deletion = useProjectDeletion(onDeleted);
  const recent = useMemo(() => (projects ?? []).slice(0, RECENT_PROJECTS), [projects]);
  useKeepCurrentVersions(recent);

  return (
    <section
      aria-labelledby="recent-projects-title"
      className="rounded-2xl border border-slate-800 bg-slate-900 p-4"
    >
      <h2 id="recent-projects-title" className="text-lg font-semibold">
        {RECENT_PROJECTS_TITLE}
      </h2>
      {loading && <p className="mt-3 text-sm text-slate-400">{LOADING_PROJECTS}</p>}
      {!loading && recent.length === 0 && <p className="mt-3 text-sm text-slate-400">{NO_PROJECTS_YET}</p>}
      {/* The name gets the width: in a narrow column the actions move to a row of their own. */}
      <ul className="@container mt-3 space-y-2">
        {recent.map((p) => (
          <ProjectListItem key={p.id} project={p} onView={onView} onDelete={deletion.ask} />
        ))}
      </ul>
      {recent.length > 0 && (
        <button
          type="button"
          onClick={() => setAllOpen(true)}
          aria-haspopup="dialog"
          className="mt-3 inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg border border-slate-700 px-4 text-sm font-medium text-slate-200 hover:bg-slate-800"
        >
          <StrokeIcon className="h-5 w-5">
            <path d="M4 6h16M4 12h16M4 18h10" />
          </StrokeIcon>
          {ALL_PROJECTS_TITLE}
        </button>
      )}
      {deletion.dialog}
      <AllProjectsDialog
        open={allOpen}
        onClose={() => setAllOpen(false)}
        onView={onView}
        onDeleted={onDeleted}
      />
    </section>
  );
}
