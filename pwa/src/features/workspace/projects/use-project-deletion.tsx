import type { Project } from '@shared/api';
import { useState, type ReactNode } from 'react';
import { showConfirmation, showError } from '../../../components/toast';
import { KeepArchiveChoice } from '../../../components/keep-archive-choice';
import { useDeleteProject, usePublishedLinks } from '../../../api/projects';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { PROJECT_TOASTS } from './project-list-texts';

/**
 * Delete with a confirmation: `ask(project)` opens it; render `dialog` where it belongs (inside another
 * dialog, it is nested there). The toasts say how it went; `onDeleted` hears of each deleted project.
 */
export function useProjectDeletion(onDeleted?: (id: string) => void): {
  ask: (project: Project) => void;
  dialog: ReactNode;
} {
  const [toDelete, setToDelete] = useState<Project | null>(null);
  const remove = useDeleteProject();
  const published = usePublishedLinks(toDelete?.id ?? null);
  const [keep, setKeep] = useState(true);
  const links = published.data?.links ?? 0;

  const confirmDelete = () => {
    if (!toDelete) return;
    const { id } = toDelete;
    remove.mutate(
      { id, keep: links > 0 && keep },
      {
        onSuccess: () => {
          void showConfirmation(PROJECT_TOASTS.deleted);
          onDeleted?.(id);
        },
        onError: (err) => showError(err.message || PROJECT_TOASTS.deleteFailed),
        onSettled: () => setToDelete(null),
      },
    );
  };

  return {
    ask: setToDelete,
    dialog: (
      <ConfirmDeleteDialog
        open={toDelete !== null}
        projectName={toDelete?.name ?? ''}
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
      >
        <KeepArchiveChoice links={links} keep={keep} onChange={setKeep} />
      </ConfirmDeleteDialog>
    ),
  };
}
