/** The texts of Recent Projects and All projects, each written once. */
export const RECENT_PROJECTS_TITLE = 'Recent Projects';
export const NO_PROJECTS_YET = 'No projects yet. Your staged rooms will appear here.';
export const LOADING_PROJECTS = 'Loading projects...';
export const ALL_PROJECTS_TITLE = 'All projects';
export const ALL_PROJECTS_INTRO = 'Newest first. Open one to view it in the workspace.';
export const SEARCH_LABEL = 'Search projects by name';
export const SEARCH_PLACEHOLDER = 'Search by name';
export const noProjectsMatch = (search: string) => `No projects match "${search}".`;
export const LOAD_MORE = 'Load more';
export const LOADING_MORE = 'Loading more...';
export const END_OF_LIST = 'That is all of them.';
export const CLOSE = 'Close';
export const TRY_AGAIN = 'Try again';
export const ALL_PROJECTS_OFFLINE =
  "You're offline. All projects can be browsed once you're back online; Recent Projects still shows your latest ones.";
/** How long typing must pause before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;
/** The project list's toasts (the spec's words where it has them). */
export const PROJECT_TOASTS = {
  deleted: { title: 'Project Deleted', description: 'The project has been deleted successfully.' },
  deleteFailed: 'Failed to delete project',
} as const;
