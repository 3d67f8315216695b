import type { ProjectDoc } from './store';

/** A project's status was written: who owns it (null for a demo) and which one. */
export interface ProjectChange {
  projectId: string;
  ownerId: string | null;
}

/** Told of each status change the worker writes, so pages served by this process hear of it at once. */
export interface ProjectChangeSink {
  projectChanged(change: ProjectChange): void;
}

/** A staging or an edit reached its final status: the project as the worker stored it, read once. */
export interface ProjectFinished {
  project: ProjectDoc & { status: 'completed' | 'failed' };
}

/** A channel that tells the owner of a finished project (live events, Web Push, mail). */
export interface ProjectFinishedSink {
  projectFinished(event: ProjectFinished): void | Promise<void>;
}
