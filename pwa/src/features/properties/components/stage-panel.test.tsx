import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PAYWALL_TITLE, notEnoughCreditsMessage } from '@shared/domain';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../testing/api';
import { renderPropertyPage, signedInEachTest } from '../../../testing/property-page';
import {
  fakePropertyApi,
  freeLimits,
  propertyPath,
  roomId,
  roomProject,
  testProperty,
  testRoom,
} from '../../../testing/properties';

const STAGE = `${propertyPath}/stage`;
/** Room 1 staged, rooms 2 and 3 (kitchen, bedroom) never staged. */
const property = testProperty([
  testRoom(1, { project: roomProject('completed') }),
  testRoom(2, { roomType: 'kitchen' }),
  testRoom(3, { roomType: 'bedroom' }),
]);

const panel = () => screen.getByRole('region', { name: 'Stage the property' });
const box = (room: RegExp) => within(panel()).getByRole<HTMLInputElement>('checkbox', { name: room });
const stageButton = () =>
  within(panel()).getByRole<HTMLButtonElement>('button', {
    name: /^(Stage \d+ rooms?|Choose rooms to stage)$/,
  });
const overall = () => within(panel()).queryByRole('progressbar', { name: 'Overall progress' });
const openPanel = async () => {
  renderPropertyPage();
  await screen.findByRole('region', { name: 'Stage the property' });
};

describe('the stage panel', () => {
  signedInEachTest();

  it('chooses every room without a staging, counts them, and says when no room is chosen', async () => {
    const api = fakePropertyApi(property);
    await openPanel();
    expect(box(/^Room 1 · Living Room/).checked).toBe(false);
    expect(box(/^Room 2 · Kitchen/).checked).toBe(true);
    expect(box(/^Room 3 · Bedroom/).checked).toBe(true);
    expect(stageButton().textContent).toBe('Stage 2 rooms');
    expect(screen.queryByText('Choose at least one room.')).toBeNull();

    fireEvent.click(box(/^Room 2/));
    expect(stageButton().textContent).toBe('Stage 1 room');
    fireEvent.click(box(/^Room 3/));
    expect(stageButton().textContent).toBe('Choose rooms to stage');
    expect(stageButton().disabled).toBe(true);
    expect(within(panel()).getByText('Choose at least one room.')).toBeTruthy();

    // A staged room can be chosen again (restaged with the others).
    fireEvent.click(box(/^Room 1/));
    expect(stageButton().textContent).toBe('Stage 1 room');
    expect(stageButton().disabled).toBe(false);
    expect(api.writes()).toEqual([]);
  });

  it("sends one look for the chosen rooms, then shows each room's progress and the overall counts", async () => {
    const api = fakePropertyApi(property);
    await openPanel();
    expect(within(panel()).getByText('1 of 1 staged')).toBeTruthy();
    fireEvent.click(within(panel()).getByRole('radio', { name: 'Scandinavian' }));
    fireEvent.click(within(panel()).getByRole('radio', { name: 'Cool Neutrals' }));
    fireEvent.change(within(panel()).getByLabelText(/Custom prompt/), {
      target: { value: '  add a reading nook  ' },
    });
    fireEvent.click(stageButton());

    await waitFor(() => expect(api.writes()).toEqual([`POST ${STAGE}`]));
    expect(api.sent('POST', STAGE)).toEqual({
      roomIds: [roomId(2), roomId(3)],
      stylePreset: 'scandinavian',
      colorPalette: 'neutral-cool',
      customPrompt: 'add a reading nook',
    });
    await within(panel()).findByText('1 of 3 staged');
    expect(overall()?.getAttribute('aria-valuenow')).toBe('33');
    expect(within(panel()).getByText('Pending: 2')).toBeTruthy();
    expect(within(panel()).getByRole('progressbar', { name: 'Room 2 progress' })).toBeTruthy();
    // Rooms under way cannot be chosen again; nothing is left to choose by default.
    expect(box(/^Room 2/).disabled).toBe(true);
    expect(stageButton().textContent).toBe('Choose rooms to stage');
  });

  it("opens the paywall with the server's sentence on a 402, and nothing looks staged", async () => {
    const refusal = notEnoughCreditsMessage(2, 1);
    const api = fakePropertyApi(property, {
      answer: ({ method, path }) =>
        method === 'POST' && path === STAGE
          ? jsonResponse({ error: 'needs_subscription', message: refusal, needsSubscription: true }, 402)
          : undefined,
    });
    await openPanel();
    fireEvent.click(stageButton());

    const paywall = await screen.findByRole('dialog', { name: PAYWALL_TITLE });
    expect(paywall.textContent).toContain(refusal);
    expect(api.writes()).toEqual([`POST ${STAGE}`]);
    fireEvent.click(within(paywall).getByRole('button', { name: 'Maybe Later' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(panel()).queryByText('Pending: 2')).toBeNull();
    expect(within(panel()).queryByRole('progressbar', { name: /^Room \d progress$/ })).toBeNull();
    expect(within(panel()).getByText('1 of 1 staged')).toBeTruthy();
    expect(box(/^Room 2/).checked).toBe(true);
    expect(stageButton().textContent).toBe('Stage 2 rooms');
  });

  it('says before sending when the credits left cannot cover the chosen rooms', async () => {
    const api = fakePropertyApi(property, { limits: { ...freeLimits, generationsUsed: 9 } });
    await openPanel();
    fireEvent.click(stageButton());
    const paywall = await screen.findByRole('dialog', { name: PAYWALL_TITLE });
    expect(paywall.textContent).toContain(notEnoughCreditsMessage(2, 1));
    expect(api.writes()).toEqual([]);
  });

  it('waits for a connection before staging, and says so', async () => {
    const api = fakePropertyApi(property);
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await openPanel();
    expect(within(panel()).getByRole('status').textContent).toBe(
      'Staging needs a connection: the rooms can be staged once you are back online.',
    );
    expect(stageButton().disabled).toBe(true);
    expect(box(/^Room 2/).disabled).toBe(true);
    onLine.mockRestore();
    act(() => void window.dispatchEvent(new Event('online')));
    expect(stageButton().disabled).toBe(false);
    expect(within(panel()).queryByRole('status')).toBeNull();
    expect(api.writes()).toEqual([]);
  });

  it('retries a failed room alone and restages a finished one alone, keeping the others', async () => {
    const failed = roomProject('failed', { error: 'The AI service did not answer.' });
    const api = fakePropertyApi(
      testProperty([
        testRoom(1, { project: roomProject('completed') }),
        testRoom(2, { roomType: 'kitchen', project: failed }),
        testRoom(3, { roomType: 'bedroom' }),
      ]),
    );
    await openPanel();
    expect(within(panel()).getByText('The AI service did not answer.')).toBeTruthy();
    expect(within(panel()).getByText('Failed: 1')).toBeTruthy();
    // A failed room counts as not staged: chosen with room 3 by default.
    expect(stageButton().textContent).toBe('Stage 2 rooms');

    fireEvent.click(within(panel()).getByRole('button', { name: 'Retry Room 2' }));
    await waitFor(() => expect(api.writes()).toEqual([`POST ${STAGE}`]));
    expect(api.sent('POST', STAGE)).toMatchObject({ roomIds: [roomId(2)] });
    await within(panel()).findByText('Pending: 1');
    expect(within(panel()).getByText('Completed: 1')).toBeTruthy();
    expect(within(panel()).queryByRole('button', { name: 'Retry Room 2' })).toBeNull();
    expect(box(/^Room 3/).checked).toBe(true);

    fireEvent.click(within(panel()).getByRole('button', { name: 'Restage Room 1' }));
    await waitFor(() => expect(api.writes()).toHaveLength(2));
    expect(api.sent('POST', STAGE)).toMatchObject({ roomIds: [roomId(1)] });
  });

  it("comes back in the look the property's finished rooms share, so restaging one room matches the rest", async () => {
    const staged = (n: number) =>
      testRoom(n, { project: roomProject('completed', { id: `p${n}`, stylePreset: 'scandinavian' }) });
    const api = fakePropertyApi(testProperty([staged(1), staged(2), staged(3)]));
    await openPanel();
    await waitFor(() =>
      expect(
        within(panel())
          .getByRole('radio', { name: /^Scandinavian/ })
          .getAttribute('aria-checked'),
      ).toBe('true'),
    );
    fireEvent.click(within(panel()).getByRole('button', { name: 'Restage Room 1' }));
    await waitFor(() => expect(api.writes()).toEqual([`POST ${STAGE}`]));
    expect(api.sent('POST', STAGE)).toMatchObject({ roomIds: [roomId(1)], stylePreset: 'scandinavian' });
  });
});
