/** Where a project's images live in the blob store; everything of a project sits under one prefix. */
export const projectBlobPrefix = (projectId: string) => `projects/${projectId}/`;

export const projectBlobKeys = (projectId: string) => ({
  original: `${projectBlobPrefix(projectId)}original.jpg`,
  thumb: `${projectBlobPrefix(projectId)}thumb.jpg`,
  staged: (variant: number) => `${projectBlobPrefix(projectId)}staged-${variant}.jpg`,
});
