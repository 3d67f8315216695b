import type { ProjectVersion, VersionList } from '@shared/api';
import {
  DOWNLOAD_FORMAT_LABELS,
  EDIT_KIND_TABLE,
  LISTING_SHARE_CONFIRM,
  editModeNotice,
  mlsProfile,
} from '@shared/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SHOW_CHANGES_LABEL } from '../../../components/comparison';
import { DOWNLOAD_MLS_TEXTS, EDIT_TEXTS } from '../../../components/result-tools';
import { jsonResponse } from '../../../testing/api';
import { navigatedTo, renderPropertyPage, signedInEachTest } from '../../../testing/property-page';
import { fakePropertyApi, roomProject, testProperty, testRoom } from '../../../testing/properties';
import { PROPERTY_TEXTS } from '../property-texts';

/** Version `number` of room 1's staging, as GET /api/projects/{id}/versions lists it. */
const version = (
  number: number,
  kind: ProjectVersion['kind'],
  over: Partial<ProjectVersion> = {},
): ProjectVersion => ({
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
/** Room 1's tools toggle: its versions, edits and Enhance, under its slider. */
const openTools = (room: string) =>
  fireEvent.click(
    screen.getByRole('button', { name: PROPERTY_TEXTS.roomToolsLabel(EDIT_TEXTS.heading, room) }),
  );

describe("property page: a staged room's tools where it is", () => {
  signedInEachTest();

  it('downloads the room, names it as renamed, and leads to its project in the workspace', async () => {
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
    openTools('Room 1 · Living Room');
    const tools = await screen.findByRole('region', { name: EDIT_TEXTS.heading });
    const afterSelect = await within(tools).findByLabelText('After');
    expect(
      within(afterSelect)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['v0', 'v1', 'v2']);
    // The list under the pickers names each, as in the workspace.
    within(tools).getByText('v2 · Removed what was painted');
    within(room).getByText('Comparing v0 · Original photo with v2 · Removed what was painted');
    fireEvent.change(within(tools).getByLabelText('Before'), { target: { value: '1' } });
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
  it("downloads it listing-ready as the workspace does, under the property's MLS, once the QR code's link is agreed", async () => {
    const downloads: string[] = [];
    let shared = false;
    const api = fakePropertyApi(
      testProperty([testRoom(1, { project: roomProject('completed', { id: 'room-1-staging' }) })], {
        mlsProfile: 'crmls',
      }),
      {
        answer: ({ method, path }) => {
          if (path === '/api/projects/room-1-staging/share') {
            if (method === 'POST') shared = true;
            return jsonResponse(
              shared || method === 'POST'
                ? {
                    token: 'AbCdEfGhIjKlMnOpQrStUv-_',
                    url: 'http://app.test/s/AbCdEfGhIjKlMnOpQrStUv-_',
                    originalUrl: 'http://app.test/s/AbCdEfGhIjKlMnOpQrStUv-_/original',
                  }
                : { link: null },
            );
          }
          if (method !== 'GET' || !path.startsWith('/api/projects/room-1-staging/download')) return undefined;
          downloads.push(path);
          return new Response(new Uint8Array(8), { headers: { 'Content-Type': 'image/jpeg' } });
        },
      },
    );
    HTMLAnchorElement.prototype.click = vi.fn();
    renderPropertyPage();
    const room = await screen.findByRole('region', { name: /Room 1 · Living Room/ });
    fireEvent.click(within(room).getByRole('radio', { name: DOWNLOAD_FORMAT_LABELS.listing }));
    // The property's MLS, not the agent's own, until another is picked for this one download.
    const mls = await within(room).findByTitle(DOWNLOAD_MLS_TEXTS.label);
    expect((mls as HTMLSelectElement).value).toBe('crmls');
    fireEvent.click(within(room).getByRole('button', { name: 'Download' }));
    // Its QR code leads to a public page: asked first, published only on agreeing; the page says where its card is.
    const agree = await screen.findByRole('button', { name: LISTING_SHARE_CONFIRM.confirm });
    screen.getByText(`${LISTING_SHARE_CONFIRM.description} ${PROPERTY_TEXTS.roomShareWhere}`);
    fireEvent.click(agree);
    await waitFor(() =>
      expect(downloads).toEqual(['/api/projects/room-1-staging/download?format=listing&mls=crmls']),
    );
    expect(api.writes()).toEqual(['POST /api/projects/room-1-staging/share']);
  });

  it("edits it in place: Paint to remove, Enhance under the property's MLS, Refine; the new result shows in the room", async () => {
    let list: VersionList = {
      versions: [version(0, 'original'), version(1, 'staging', { current: true })],
      editing: false,
      editError: null,
    };
    const api = fakePropertyApi(
      testProperty([testRoom(1, { project: roomProject('completed', { id: 'room-1-staging' }) })], {
        mlsProfile: 'crmls',
      }),
      {
        answer: ({ method, path }) => {
          if (method === 'GET' && path === '/api/projects/room-1-staging/versions') return jsonResponse(list);
          if (method !== 'POST' || path !== '/api/projects/room-1-staging/edits') return undefined;
          // Made at once, as the server answers a finished edit: v2 is current and the room shows it.
          list = {
            ...list,
            versions: [
              version(0, 'original'),
              version(1, 'staging'),
              version(2, 'refine', { current: true, madeFrom: 1, instruction: 'make the sofa grey' }),
            ],
          };
          const room = api.state.property.rooms[0]!;
          room.project = {
            ...room.project!,
            stagedImageUrl: '/api/projects/room-1-staging/images/staged?v=2',
          };
          return jsonResponse(list);
        },
      },
    );
    renderPropertyPage();
    const room = await screen.findByRole('region', { name: /Room 1 · Living Room/ });
    const after = () => within(room).getByAltText('Room after staging').getAttribute('src');
    openTools('Room 1 · Living Room');
    const tools = await screen.findByRole('region', { name: EDIT_TEXTS.heading });
    await within(tools).findByText('v1 · Staged result');
    // The brush opens on the room's current version, in place.
    fireEvent.click(within(tools).getByRole('button', { name: EDIT_TEXTS.brushOpen }));
    await within(tools).findByLabelText(EDIT_TEXTS.canvasLabel);
    fireEvent.click(within(tools).getByRole('button', { name: EDIT_TEXTS.cancel }));
    // Enhance speaks the property's MLS rules before anything is sent.
    fireEvent.click(within(tools).getByRole('button', { name: EDIT_KIND_TABLE.paint.label }));
    expect(within(tools).getByRole('note').textContent).toBe(editModeNotice(mlsProfile('crmls'), 'paint'));
    fireEvent.change(within(tools).getByLabelText(EDIT_TEXTS.refineLabel), {
      target: { value: 'make the sofa grey' },
    });
    fireEvent.click(within(tools).getByRole('button', { name: EDIT_TEXTS.refine }));
    await waitFor(() => expect(after()).toBe('/api/projects/room-1-staging/images/staged?v=2'));
    expect(api.writes()).toEqual(['POST /api/projects/room-1-staging/edits']);
    expect(api.sent('POST', '/api/projects/room-1-staging/edits')).toEqual({
      kind: 'refine',
      instruction: 'make the sofa grey',
    });
  });
});
