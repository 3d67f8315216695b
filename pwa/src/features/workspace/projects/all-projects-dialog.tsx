import { Description, DialogTitle } from '@headlessui/react';
import type { Project } from '@shared/api';
import { PROJECT_SEARCH_MAX } from '@shared/domain';
import { useState, type ReactNode } from 'react';
import { SheetDialog } from '../../../components/sheet-dialog';
import { StrokeIcon } from '../../../components/stroke-icon';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useOnline } from '../../../lib/use-online';
import { useAllProjects } from '../../../api/projects';
import { ProjectListItem } from './project-list-item';
import {
  ALL_PROJECTS_INTRO,
  ALL_PROJECTS_OFFLINE,
  ALL_PROJECTS_TITLE,
  CLOSE,
  END_OF_LIST,
  LOADING_MORE,
  LOADING_PROJECTS,
  LOAD_MORE,
  NO_PROJECTS_YET,
  SEARCH_DEBOUNCE_MS,
  SEARCH_LABEL,
  SEARCH_PLACEHOLDER,
  TRY_AGAIN,
  noProjectsMatch,
} from './project-list-texts';
import { useProjectDeletion } from './use-project-deletion';

const secondaryButton =
  'min-h-11 rounded-lg border border-slate-700 px-4 font-medium text-slate-200 hover:bg-slate-800 disabled:opacity-60';

function Notice({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div role="status" className="py-6 text-center text-sm text-slate-400">
      <p>{children}</p>
      {action && <div className="mt-3">{action}</div>}
    </div>
  );
}

/**
 * Every project of the user, newest first, a page at a time ('Load more'), with a search by name. Each
 * one opens in the workspace (View Project) or is deleted, as in Recent Projects.
 */
export function AllProjectsDialog({
  open,
  onClose,
  onView,
  onDeleted,
}: {
  open: boolean;
  onClose: () => void;
  onView: (project: Project) => void;
  onDeleted?: (id: string) => void;
}) {
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const online = useOnline();
  const list = useAllProjects(search, open && online);
  const deletion = useProjectDeletion(onDeleted);
  const projects = list.data?.pages.flatMap((page) => page.projects) ?? [];

  const close = () => {
    setText('');
    onClose();
  };
  const view = (project: Project) => {
    close();
    onView(project);
  };

  let body: ReactNode;
  if (!online) body = <Notice>{ALL_PROJECTS_OFFLINE}</Notice>;
  else if (list.isPending) body = <Notice>{LOADING_PROJECTS}</Notice>;
  else if (list.isError && projects.length === 0)
    body = (
      <Notice
        action={
          <button type="button" onClick={() => void list.refetch()} className={secondaryButton}>
            {TRY_AGAIN}
          </button>
        }
      >
        {list.error.message}
      </Notice>
    );
  else if (projects.length === 0)
    body = (
      <Notice>
        {list.isPlaceholderData ? LOADING_PROJECTS : search ? noProjectsMatch(search) : NO_PROJECTS_YET}
      </Notice>
    );
  else
    body = (
      <>
        <ul aria-label={ALL_PROJECTS_TITLE} className="space-y-2">
          {projects.map((p) => (
            <ProjectListItem key={p.id} project={p} onView={view} onDelete={deletion.ask} />
          ))}
        </ul>
        {list.isFetchNextPageError && (
          <p role="alert" className="mt-3 text-center text-sm text-red-300">
            {list.error?.message}
          </p>
        )}
        {list.hasNextPage ? (
          <div className="mt-3 flex justify-center">
            <button
              type="button"
              onClick={() => void list.fetchNextPage()}
              disabled={list.isFetchingNextPage}
              className={`${secondaryButton} w-full sm:w-auto`}
            >
              {list.isFetchingNextPage ? LOADING_MORE : list.isFetchNextPageError ? TRY_AGAIN : LOAD_MORE}
            </button>
          </div>
        ) : (
          (list.data?.pages.length ?? 0) > 1 && (
            <p className="mt-3 text-center text-sm text-slate-500">{END_OF_LIST}</p>
          )
        )}
      </>
    );

  return (
    <SheetDialog
      open={open}
      onClose={close}
      panelClassName="flex h-[100dvh] max-w-2xl flex-col sm:h-auto sm:max-h-[85dvh]"
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <DialogTitle className="text-xl font-semibold">{ALL_PROJECTS_TITLE}</DialogTitle>
          <Description className="mt-1 text-sm text-slate-400">{ALL_PROJECTS_INTRO}</Description>
        </div>
        <button
          type="button"
          onClick={close}
          aria-label={CLOSE}
          className="-mt-2 -mr-2 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg text-slate-300 hover:bg-slate-800 hover:text-white"
        >
          <StrokeIcon className="h-5 w-5">
            <path d="M6 6l12 12M18 6L6 18" />
          </StrokeIcon>
        </button>
      </div>
      <input
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-label={SEARCH_LABEL}
        placeholder={SEARCH_PLACEHOLDER}
        maxLength={PROJECT_SEARCH_MAX}
        disabled={!online}
        enterKeyHint="search"
        className="mt-4 min-h-11 w-full rounded-lg border border-slate-700 bg-slate-950 px-3 text-white placeholder:text-slate-500 focus:border-indigo-400 focus:outline-none disabled:opacity-60"
      />
      <div
        aria-busy={list.isFetching}
        className={`@container mt-3 min-h-0 flex-1 overflow-y-auto ${list.isPlaceholderData ? 'opacity-60' : ''}`}
      >
        {body}
      </div>
      {deletion.dialog}
    </SheetDialog>
  );
}
