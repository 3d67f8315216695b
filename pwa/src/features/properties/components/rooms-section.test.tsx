import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../testing/api';
import { renderPropertyPage, signedInEachTest, toasts } from '../../../testing/property-page';
import { fakePropertyApi, propertyPath, roomId, testProperty, testRoom } from '../../../testing/properties';

/** Living room (detected), a room the analysis was unsure of, a farmhouse dining room the agent corrected. */
const property = testProperty([
  testRoom(1),
  testRoom(2, { roomType: 'other', detected: { roomType: 'other', confident: false, style: 'modern' } }),
  testRoom(3, {
    roomType: 'dining-room',
    detected: { roomType: 'living-room', confident: true, style: 'farmhouse' },
  }),
]);
const roomPath = (n: number) => `${propertyPath}/rooms/${roomId(n)}`;
const REFUSED = { error: 'validation_error', message: 'That room type is not known.' };

const list = () => screen.getByRole('list', { name: 'Rooms' });
const typeOf = (name: string) => within(list()).getByLabelText<HTMLSelectElement>(`Room type for ${name}`);
/** The rooms on screen, top to bottom, by the photo they show. */
const photos = () =>
  within(list())
    .getAllByRole('listitem')
    .map((li) => /rooms\/0+-0+-4000-8000-0+(\d+)\//.exec(li.querySelector('img')?.src ?? '')?.[1]);
const openRooms = async () => {
  renderPropertyPage();
  await screen.findByRole('list', { name: 'Rooms' });
};

describe('the rooms of a property', () => {
  signedInEachTest();

  it('shows what the analysis said, and saves a corrected room type', async () => {
    const api = fakePropertyApi(property);
    await openRooms();
    const [first, second, third] = within(list()).getAllByRole('listitem') as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(first).getByText('Detected')).toBeTruthy();
    expect(within(second).getByText('Not detected')).toBeTruthy();
    expect(within(third).getByText('Detected: Living Room · Farmhouse style')).toBeTruthy();
    expect(typeOf('Room 2').value).toBe('other');

    fireEvent.change(typeOf('Room 2'), { target: { value: 'kitchen' } });
    await waitFor(() => expect(api.writes()).toEqual([`PATCH ${roomPath(2)}`]));
    expect(api.sent('PATCH', roomPath(2))).toEqual({ roomType: 'kitchen' });
    expect(typeOf('Room 2').value).toBe('kitchen');
    // The stage panel stages it as a kitchen.
    const stage = screen.getByRole('region', { name: 'Stage the property' });
    expect(within(stage).getByRole('checkbox', { name: /^Room 2 · Kitchen/ })).toBeTruthy();
  });

  it('puts a refused room type back and says why', async () => {
    fakePropertyApi(property, {
      answer: ({ method }) => (method === 'PATCH' ? jsonResponse(REFUSED, 400) : undefined),
    });
    await openRooms();
    fireEvent.change(typeOf('Room 2'), { target: { value: 'kitchen' } });
    await waitFor(() => expect(toasts()).toEqual([`Room Type Not Saved|${REFUSED.message}`]));
    expect(typeOf('Room 2').value).toBe('other');
  });

  it('moves a room up or down: sends the whole new order and shows it', async () => {
    const api = fakePropertyApi(property);
    await openRooms();
    expect(photos()).toEqual(['1', '2', '3']);
    expect(within(list()).getByRole<HTMLButtonElement>('button', { name: 'Move Room 1 up' }).disabled).toBe(
      true,
    );
    expect(within(list()).getByRole<HTMLButtonElement>('button', { name: 'Move Room 3 down' }).disabled).toBe(
      true,
    );

    fireEvent.click(within(list()).getByRole('button', { name: 'Move Room 1 down' }));
    await waitFor(() => expect(api.writes()).toEqual([`PATCH ${propertyPath}`]));
    expect(api.sent('PATCH', propertyPath)).toEqual({ roomOrder: [roomId(2), roomId(1), roomId(3)] });
    await waitFor(() => expect(photos()).toEqual(['2', '1', '3']));
    // Renumbered: the unsure room is Room 1 now.
    expect(typeOf('Room 1').value).toBe('other');

    fireEvent.click(within(list()).getByRole('button', { name: 'Move Room 3 up' }));
    await waitFor(() => expect(api.writes()).toHaveLength(2));
    expect(api.sent('PATCH', propertyPath)).toEqual({ roomOrder: [roomId(2), roomId(3), roomId(1)] });
    await waitFor(() => expect(photos()).toEqual(['2', '3', '1']));
  });

  it('goes back to the order it had when the server refuses the new one', async () => {
    fakePropertyApi(property, {
      answer: ({ method }) => (method === 'PATCH' ? jsonResponse(REFUSED, 400) : undefined),
    });
    await openRooms();
    fireEvent.click(within(list()).getByRole('button', { name: 'Move Room 2 down' }));
    await waitFor(() => expect(toasts()).toEqual([`Reorder Failed|${REFUSED.message}`]));
    expect(photos()).toEqual(['1', '2', '3']);
  });

  it('asks before deleting a room, naming it, and deletes only once confirmed', async () => {
    const api = fakePropertyApi(property);
    await openRooms();
    fireEvent.click(within(list()).getByRole('button', { name: 'Delete Room 3' }));
    let dialog = screen.getByRole('dialog', { name: 'Delete this room?' });
    expect(dialog.textContent).toContain(
      'Room 3 · Dining Room and its staging leave the property. This cannot be undone.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.writes()).toEqual([]);
    expect(photos()).toEqual(['1', '2', '3']);

    fireEvent.click(within(list()).getByRole('button', { name: 'Delete Room 3' }));
    dialog = screen.getByRole('dialog', { name: 'Delete this room?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete room' }));
    await waitFor(() => expect(api.writes()).toEqual([`DELETE ${roomPath(3)}`]));
    await waitFor(() => expect(photos()).toEqual(['1', '2']));
    await waitFor(() => expect(toasts()).toContain('Room Deleted|'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
