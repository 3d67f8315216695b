import { CONCEPT_LABEL } from '@shared/domain';

/** The workspace's own texts. */
export const WORKSPACE_TEXTS = {
  /** Under a chosen photo the server refused at analysis: Generate would be refused too. */
  refusedHint: 'This photo cannot be staged: choose another one.',
  batchReview: 'Batch results',
  previousPhoto: 'Previous',
  nextPhoto: 'Next',
  loadingResult: 'Loading the result...',
  /** A staging is locked to the room unless the agent asks for a free restyle, always a design concept. */
  freeRestyle: 'Free restyle (design concept)',
  freeRestyleHint: `Walls, windows and floors may change too. The result is labelled '${CONCEPT_LABEL}' wherever you publish it; without this, only the floor and the space in front of the walls are staged and the rest stays your photo.`,
  roomLabel: 'Room',
  /** A finished batch's photos, all downloaded at once. */
  downloadAll: (n: number) => `Download all ${n} photos`,
  downloadingAll: 'Downloading...',
  /** Beside a result's room type: it can be put right after staging. */
  roomHint: 'Wrong room? Correct it here: the edits offered follow the room type.',
} as const;

/** A staging's first look, shown until the final replaces it (issue 40's words). */
export const DRAFT_TEXTS = {
  badge: 'Draft',
  note: 'Draft: the final staging replaces it when ready.',
  keep: 'Keep draft as a concept',
  keepHint: 'Saves this draft to your device as a design concept; only the final is listing-ready.',
  fileName: (name: string) => `${name.replace(/[^\w-]+/g, '-')}-draft-concept.jpg`,
} as const;

/** Where the batch review stands: 'Result 2 of 5'. */
export const batchReviewPosition = (n: number, of: number): string => `Result ${n} of ${of}`;

/** The workspace's toasts (the spec's words where it has them). */
export const WORKSPACE_TOASTS = {
  projectCreated: 'Your staging project has been created and is being processed.',
  createFailed: 'Failed to create project',
  projectLoaded: { title: 'Project Loaded', description: (name: string) => `Now viewing: ${name}` },
  /** A link (a mail's) to a project that is gone: said, instead of an empty workspace. */
  projectGone: {
    title: 'Project not found',
    description: 'This project no longer exists: it may have been deleted.',
  },
} as const;
