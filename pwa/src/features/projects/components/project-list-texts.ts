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
/** Renaming a project, wherever its name is shown. */
export const PROJECT_LIST_TEXTS = {
  rename: 'Rename',
  nameLabel: 'Project name',
  saveName: 'Save name',
  cancelRename: 'Cancel',
  renameFailed: 'Could not rename',
} as const;
/** The projects feature's toasts (the spec's words where it has them). */
export const PROJECT_TOASTS = {
  deleted: { title: 'Project Deleted', description: 'The project has been deleted successfully.' },
  deleteFailed: 'Failed to delete project',
  restaging: { title: 'Restaging', description: 'Your photo is being staged again, as a new project.' },
  restageFailed: 'Restaging failed',
  keepFailed: 'Could not keep it as a concept',
} as const;

/** Asked before a restaging spends its credit. */
export const RESTAGE_CONFIRM = {
  title: 'Restage this photo?',
  /** `name`: the new project's; null for a property's room, restaged in its place. */
  description: (name: string | null, free = false) =>
    `${name ? `It is staged again as a new project named '${name}'` : 'The room is staged again in its place'}, keeping the room as it is. ${free ? 'This one is free: our check flagged the last result.' : 'This uses one credit (Pro: unlimited).'}`,
  confirm: 'Restage',
  busy: 'Restaging...',
} as const;
