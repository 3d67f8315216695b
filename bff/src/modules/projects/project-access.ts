import { notFound } from '../../http/errors';
import type { ProjectDoc, Repositories } from '../../store';

export const projectNotFound = () => notFound('Project not found.');

/** Demo projects to whoever holds the id; a user's project to its owner only (404 otherwise, never 403). */
export async function readableProject(
  repos: Repositories,
  id: string,
  viewerId: string | null,
): Promise<ProjectDoc> {
  const project = await repos.projects.findById(id);
  if (!project || (project.ownerId !== null && project.ownerId !== viewerId)) throw projectNotFound();
  return project;
}
