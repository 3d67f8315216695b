import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { StructureCheckResult } from '@shared/api';
import { CONCEPT_LABEL, STRUCTURE_CHOICE, STRUCTURE_CREDIT_BACK } from '@shared/domain';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../testing/api';
import { renderPropertyPage, signedInEachTest, toasts } from '../../../testing/property-page';
import { testProject } from '../../../testing/projects';
import { PROPERTY_TEXTS } from '../property-texts';
import { RESTAGE_CONFIRM } from '../../../components/structure-choice';
import { fakePropertyApi, roomProject, testProperty, testRoom } from '../../../testing/properties';

const WINDOW = 'The window on the left was covered or filled in.';
const flagged: StructureCheckResult = {
  score: 0.6,
  flagged: true,
  regions: [],
  changesUrl: '/api/projects/proj/images/changes',
  changes: [WINDOW],
  restored: [],
  opinion: null,
};
const kept: StructureCheckResult = { ...flagged, score: 0.97, flagged: false, changes: [] };

/** Room 1's staging changed the room (its credit came back when `creditBack`); room 2's kept it. */
const property = (creditBack = false) =>
  testProperty([
    testRoom(1, {
      project: roomProject('completed', {
        id: 'room-1-staging',
        structure: [flagged],
        ...(creditBack ? { creditReturned: true, freeRestage: true } : {}),
      }),
    }),
    testRoom(2, { project: roomProject('completed', { id: 'room-2-staging', structure: [kept] }) }),
  ]);

/** The property API, and the project routes the choice posts to, answered as the BFF would. */
function fakeApi(creditBack = false) {
  const api = fakePropertyApi(property(creditBack), {
    answer: ({ method, path }) => {
      const room = api.state.property.rooms[0]!;
      if (method === 'POST' && path === '/api/projects/room-1-staging/concept') {
        room.project = { ...room.project!, concept: true };
        return jsonResponse(testProject({ id: 'room-1-staging', status: 'completed', concept: true }));
      }
      if (method === 'POST' && path === '/api/projects/room-1-staging/restage') {
        room.project = roomProject('pending', { id: 'room-1-again' });
        return jsonResponse(testProject({ id: 'room-1-again' }), 201);
      }
      return undefined;
    },
  });
  return api;
}

const choicePanels = () => screen.queryAllByRole('region', { name: STRUCTURE_CHOICE.title });

describe('property page: a room whose staging changed the room', () => {
  signedInEachTest();

  it('says it is not listing-ready, names the change, and keeps it as a concept when asked', async () => {
    const api = fakeApi();
    renderPropertyPage();
    const panel = await screen.findByRole('region', { name: STRUCTURE_CHOICE.title });
    // Only the flagged room asks.
    expect(choicePanels()).toHaveLength(1);
    expect(within(panel).getByText(WINDOW)).toBeTruthy();

    fireEvent.click(within(panel).getByRole('button', { name: STRUCTURE_CHOICE.keep }));
    await waitFor(() => expect(choicePanels()).toHaveLength(0));
    expect(await screen.findByRole('note', { name: CONCEPT_LABEL })).toBeTruthy();
    expect(api.writes()).toEqual(['POST /api/projects/room-1-staging/concept']);
  });

  it('restages the room: the same room is staged again, and asks no more', async () => {
    const api = fakeApi();
    renderPropertyPage();
    const panel = await screen.findByRole('region', { name: STRUCTURE_CHOICE.title });
    fireEvent.click(within(panel).getByRole('button', { name: STRUCTURE_CHOICE.restage }));
    // It spends a credit: asked first.
    const dialog = await screen.findByRole('dialog', { name: RESTAGE_CONFIRM.title });
    expect(api.writes()).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: RESTAGE_CONFIRM.confirm }));
    await waitFor(() => expect(choicePanels()).toHaveLength(0));
    expect(api.writes()).toEqual(['POST /api/projects/room-1-staging/restage']);
    // In place, not 'as a new project' as a workspace photo.
    await waitFor(() => expect(toasts()).toContain(`Restaging|${PROPERTY_TEXTS.roomRestaging}`));
    expect(api.state.property.rooms.map((r) => r.project?.id)).toEqual(['room-1-again', 'room-2-staging']);
  });

  it('says its credit came back and that its Restage is free, as the workspace does', async () => {
    fakeApi(true);
    renderPropertyPage();
    const panel = await screen.findByRole('region', { name: STRUCTURE_CHOICE.title });
    expect(within(panel).getByRole('status').textContent).toContain(STRUCTURE_CREDIT_BACK.description);
    expect(within(panel).queryByRole('button', { name: STRUCTURE_CHOICE.restage })).toBeNull();
    fireEvent.click(within(panel).getByRole('button', { name: STRUCTURE_CREDIT_BACK.restageFree }));
    // Asked as a free one, not as one credit.
    const dialog = await screen.findByRole('dialog', { name: RESTAGE_CONFIRM.title });
    expect(dialog.textContent).toContain(RESTAGE_CONFIRM.description(null, true).split('. ').at(-1));
    expect(dialog.textContent).not.toContain(RESTAGE_CONFIRM.description(null, false).split('. ').at(-1));
  });
});
