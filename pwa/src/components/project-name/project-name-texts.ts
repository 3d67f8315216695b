/** Renaming a project, wherever its name is shown: each text written once. */
export const PROJECT_NAME_TEXTS = {
  rename: 'Rename',
  nameLabel: 'Project name',
  saveName: 'Save name',
  cancelRename: 'Cancel',
  renameFailed: 'Could not rename',
} as const;
