import { QueryClientProvider, notifyManager } from '@tanstack/react-query';
import type { ProjectVersion, VersionList } from '@shared/api';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { versionsQueryKey } from '../../../lib/project-query-keys';
import { jsonResponse } from '../../../testing/api';
import { testProject } from '../../../testing/projects';
import { namedVersion, useKeepCurrentVersions } from './keep-current-versions';

notifyManager.setScheduler((notify) => notify());

const version = (id: string, number: number, current: boolean): ProjectVersion => ({
  number,
  kind: number === 0 ? 'original' : number === 1 ? 'staging' : 'refine',
  instruction: number > 1 ? 'warmer light' : null,
  imageUrl: `/api/projects/${id}/versions/${number}/image`,
  current,
  alterations: [],
  note: null,
  madeFrom: number > 1 ? 1 : null,
  flagged: false,
  concept: false,
  creditReturned: false,
  freeRetry: false,
  createdAt: '2026-11-29T09:00:00.000Z',
});
const listOf = (id: string, current: number): VersionList => ({
  versions: Array.from({ length: current + 1 }, (_, n) => version(id, n, n === current)),
  editing: false,
  editError: null,
});
const completed = (id: string, named: number) =>
  testProject({
    id,
    status: 'completed',
    progress: '100',
    stagedImageUrl: `/api/projects/${id}/images/staged?version=${named}`,
  });

afterEach(() => vi.unstubAllGlobals());

describe('useKeepCurrentVersions', () => {
  it('reads the version a result address names', () => {
    expect(namedVersion('/api/projects/p/images/staged?version=3')).toBe(3);
    expect(namedVersion('/api/projects/p/images/staged')).toBeNull();
    expect(namedVersion(null)).toBeNull();
  });

  it('refreshes the kept list of a project opened here whose current version was made elsewhere, and fetches its image', async () => {
    const fetched: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((path: string) => {
        fetched.push(path);
        return Promise.resolve(jsonResponse(listOf('edited', 2)));
      }),
    );
    const images: string[] = [];
    vi.stubGlobal(
      'Image',
      class {
        set src(url: string) {
          images.push(url);
        }
      },
    );
    const client = createQueryClient();
    // Opened here before: 'edited' when v1 was current, 'same' as it still is; 'never' was not opened here.
    client.setQueryData(versionsQueryKey('edited'), listOf('edited', 1));
    client.setQueryData(versionsQueryKey('same'), listOf('same', 2));
    const projects = [completed('edited', 2), completed('same', 2), completed('never', 4)];
    renderHook(() => useKeepCurrentVersions(projects), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      ),
    });
    await waitFor(() => expect(images).toEqual(['/api/projects/edited/versions/2/image']));
    expect(fetched).toEqual(['/api/projects/edited/versions']);
    const kept = client.getQueryData<VersionList>(versionsQueryKey('edited'));
    expect(kept?.versions.find((v) => v.current)?.number).toBe(2);
  });
});
