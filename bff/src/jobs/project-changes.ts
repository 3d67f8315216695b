/** A project's status was written: who owns it (null for a demo) and which one. */
export interface ProjectChange {
  projectId: string;
  ownerId: string | null;
}

/** Told of each status change the worker writes, so pages served by this process hear of it at once. */
export interface ProjectChangeSink {
  projectChanged(change: ProjectChange): void;
}
