import type { ProjectVersion } from '@shared/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SHOW_CHANGES_LABEL } from '../../../components/comparison';
import { jsonResponse } from '../../../testing/api';
import { navigatedTo, renderPropertyPage, signedInEachTest } from '../../../testing/property-page';
import { fakePropertyApi, roomProject, testProperty, testRoom } from '../../../testing/properties';
import { PROPERTY_TEXTS } from '../property-texts';

describe("property page: a staged room's tools where it is", () => {
  signedInEachTest();

  it('downloads the room, names it as renamed, and leads to its versions, edits and Enhance', async () => {
    const downloads: string[] = [];
    const api = fakePropertyApi(
      testProperty([
        testRoom(1, { project: roomProject('completed', { id: 'room-1-staging', name: 'Sunny lounge' }) }),
        testRoom(2, { roomType: 'kitchen', project: roomProject('completed', { id: 'room-2-staging' }) }),
      ]),
      {
        answer: ({ method, path }) => {
          if (method !== 'GET' || !path.startsWith('/api/projects/room-1-staging/download')) return undefined;
          downloads.push(path);
          return new Response(new Uint8Array(8), { headers: { 'Content-Type': 'image/jpeg' } });
        },
      },
    );
    URL.createObjectURL = vi.fn(() => 'blob:room');
    URL.revokeObjectURL = vi.fn();
    HTMLAnchorElement.prototype.click = vi.fn();
    renderPropertyPage();
    // The agent's name for the room reaches its comparison, the other keeps its room type.
    const lounge = await screen.findByRole('region', { name: /Room 1 · Sunny lounge/ });
    await screen.findByRole('region', { name: /Room 2 · Kitchen/ });
    fireEvent.click(within(lounge).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(downloads).toEqual(['/api/projects/room-1-staging/download']));
    fireEvent.click(
      screen.getByRole('link', { name: PROPERTY_TEXTS.openRoomProjectLabel('Room 1 · Sunny lounge') }),
    );
    await waitFor(() => expect(navigatedTo()).toBe('/?project=room-1-staging'));
    expect(api.writes()).toEqual([]);
  });

  it('lists its versions in place, on asking, and the slider compares the two picked; Show changes for the result', async () => {
    const version = (number: number, kind: ProjectVersion['kind'], over: Partial<ProjectVersion> = {}) => ({
      number,
      kind,
      instruction: null,
      imageUrl: `/api/projects/room-1-staging/versions/${number}/image`,
      current: false,
      alterations: [],
      note: null,
      madeFrom: null,
      flagged: false,
      concept: false,
      creditReturned: false,
      freeRetry: false,
      createdAt: '2026-11-29T09:00:00.000Z',
      ...over,
    });
    const list = {
      versions: [
        version(0, 'original'),
        version(1, 'staging'),
        version(2, 'remove', { current: true, madeFrom: 1 }),
      ],
      editing: false,
      editError: null,
    };
    const check = {
      score: 0.97,
      flagged: false,
      regions: [],
      changesUrl: '/changes.png',
      changes: [],
      restored: [],
      opinion: null,
    };
    const api = fakePropertyApi(
      testProperty([
        testRoom(1, { project: roomProject('completed', { id: 'room-1-staging', structure: [check] }) }),
      ]),
      {
        answer: ({ method, path }) =>
          method === 'GET' && path === '/api/projects/room-1-staging/versions'
            ? jsonResponse(list)
            : undefined,
      },
    );
    renderPropertyPage();
    const room = await screen.findByRole('region', { name: /Room 1 · Living Room/ });
    const after = () => within(room).getByAltText('Room after staging').getAttribute('src');
    expect(after()).toBe('/api/projects/proj/images/staged');
    within(room).getByRole('button', { name: SHOW_CHANGES_LABEL });
    // Nothing is asked for until the agent opens the versions.
    expect(api.calls.some((c) => c.path.endsWith('/versions'))).toBe(false);
    fireEvent.click(within(room).getByRole('button', { name: PROPERTY_TEXTS.roomVersions }));
    const afterSelect = await within(room).findByLabelText('After');
    expect(
      within(afterSelect)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['v0 · Original photo', 'v1 · Staged result', 'v2 · Removed what was painted']);
    within(room).getByText('Comparing v0 · Original photo with v2 · Removed what was painted');
    fireEvent.change(within(room).getByLabelText('Before'), { target: { value: '1' } });
    fireEvent.change(afterSelect, { target: { value: '2' } });
    expect(after()).toBe('/api/projects/room-1-staging/versions/2/image');
    expect(within(room).getByAltText('Room before staging').getAttribute('src')).toBe(
      '/api/projects/room-1-staging/versions/1/image',
    );
    within(room).getByText('Comparing v1 · Staged result with v2 · Removed what was painted');
    // The check belongs to the current result, not to a pair picked.
    expect(within(room).queryByRole('button', { name: SHOW_CHANGES_LABEL })).toBeNull();
    expect(api.writes()).toEqual([]);
  });
});
