import { PROJECT_NAME_MAX } from '@shared/api';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { StrokeIcon } from '../stroke-icon';
import { showError } from '../toast';
import { useRenameProject } from '../../api/projects';
import { PROJECT_NAME_TEXTS } from './project-name-texts';

/**
 * A project's name with a Rename button; renaming edits it in place (Enter saves, Escape cancels).
 * `children` is how the name is shown when not editing.
 */
export function RenameableName({
  project,
  children,
}: {
  project: { id: string; name: string };
  children: ReactNode;
}) {
  const id = useId();
  const rename = useRenameProject();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(project.name);
  const start = () => {
    setDraft(project.name);
    setEditing(true);
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const name = draft.trim();
    if (!name || name === project.name) return setEditing(false);
    rename.mutate(
      { id: project.id, name },
      {
        onSuccess: () => setEditing(false),
        onError: (err) => showError(err.message, PROJECT_NAME_TEXTS.renameFailed),
      },
    );
  };
  if (!editing)
    return (
      <div className="flex min-w-0 flex-wrap items-center gap-x-2">
        {/* The name takes the row's room; Rename follows it. */}
        <div className="min-w-0 flex-1">{children}</div>
        <button
          type="button"
          onClick={start}
          aria-label={`${PROJECT_NAME_TEXTS.rename} ${project.name}`}
          title={PROJECT_NAME_TEXTS.rename}
          className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg text-indigo-300 hover:bg-slate-800"
        >
          {/* A pencil: the name keeps the row's room at phone width. */}
          <StrokeIcon size={18}>
            <path d="M4 20h4L19 9l-4-4L4 16v4z" strokeLinejoin="round" />
            <path d="M14 6l4 4" />
          </StrokeIcon>
        </button>
      </div>
    );
  return (
    <form onSubmit={onSubmit} className="flex min-w-0 flex-wrap items-center gap-2">
      <label htmlFor={id} className="sr-only">
        {PROJECT_NAME_TEXTS.nameLabel}
      </label>
      <input
        id={id}
        value={draft}
        maxLength={PROJECT_NAME_MAX}
        autoFocus
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setEditing(false);
        }}
        className="min-h-11 min-w-0 flex-1 rounded-lg border border-slate-700 bg-slate-950 px-3 text-slate-100 focus:border-indigo-400 focus:outline-none"
      />
      <button
        type="submit"
        disabled={rename.isPending}
        className="min-h-11 rounded-lg bg-indigo-500 px-3 text-sm font-semibold text-white disabled:opacity-60"
      >
        {PROJECT_NAME_TEXTS.saveName}
      </button>
      <button
        type="button"
        onClick={() => setEditing(false)}
        className="min-h-11 rounded-lg px-3 text-sm text-slate-300 hover:bg-slate-800"
      >
        {PROJECT_NAME_TEXTS.cancelRename}
      </button>
    </form>
  );
}
