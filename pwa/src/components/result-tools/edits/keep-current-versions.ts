import type { Project, VersionList } from '@shared/api';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { projectVersionsQueryOptions } from '../../../api/projects';
import { useOnline } from '../../../lib/use-online';
import { versionsQueryKey } from '../../../lib/project-query-keys';

/** The version a project's result address names (`?version=N`), or null when it names none. */
export function namedVersion(stagedImageUrl: string | null): number | null {
  if (!stagedImageUrl) return null;
  const named = new URL(stagedImageUrl, 'http://x').searchParams.get('version');
  return named === null || !/^\d+$/.test(named) ? null : Number(named);
}

/**
 * Keeps the current version of each project opened on this device (its versions list is kept here) on the
 * device: when the project names a newer current version than the list (an edit made elsewhere), the list is
 * asked again while online and the new version's image fetched, which the service worker keeps for the
 * brush at a viewing with no signal. Projects never opened here cost nothing.
 */
export function useKeepCurrentVersions(projects: readonly Project[]): void {
  const client = useQueryClient();
  const online = useOnline();
  useEffect(() => {
    if (!online) return;
    for (const p of projects) {
      const named = namedVersion(p.status === 'completed' ? p.stagedImageUrl : null);
      const kept = client.getQueryData<VersionList>(versionsQueryKey(p.id));
      if (named === null || !kept || kept.versions.find((v) => v.current)?.number === named) continue;
      void client
        .fetchQuery({ ...projectVersionsQueryOptions(p.id), staleTime: 0 })
        .then((list) => {
          const url = list.versions.find((v) => v.current)?.imageUrl;
          if (url) new Image().src = url;
        })
        .catch(() => undefined);
    }
  }, [projects, online, client]);
}
