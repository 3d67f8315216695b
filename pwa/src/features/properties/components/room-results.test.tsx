import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
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
});
