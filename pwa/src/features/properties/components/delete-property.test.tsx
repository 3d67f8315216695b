import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { enqueueRoomPhoto, listUploads } from '../../../offline/uploads';
import { navigatedTo, renderPropertyPage, signedInEachTest, toasts } from '../../../testing/property-page';
import {
  PROPERTY_ID,
  fakePropertyApi,
  propertyPath,
  roomProject,
  testProperty,
  testRoom,
} from '../../../testing/properties';

const property = testProperty([
  testRoom(1, { project: roomProject('completed') }),
  testRoom(2, { roomType: 'kitchen' }),
  testRoom(3, { roomType: 'bedroom' }),
]);
const askToDelete = async () => {
  fireEvent.click(await screen.findByRole('button', { name: 'Delete property' }));
  return screen.getByRole('dialog');
};

describe('deleting a property', () => {
  signedInEachTest();

  it('asks first, naming the property and how many rooms go with it; Cancel sends nothing', async () => {
    const api = fakePropertyApi(property);
    renderPropertyPage();
    const dialog = await askToDelete();
    expect(within(dialog).getByRole('heading').textContent).toBe('Delete 12 Harbor Rd and its 3 rooms?');
    expect(dialog.textContent).toContain('Its photos, stagings and buyer link are deleted too.');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.writes()).toEqual([]);
    expect(navigatedTo()).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: '12 Harbor Rd' })).toBeTruthy();
  });

  it('counts the photos still waiting on this device, deletes them with it and goes back to the list', async () => {
    const api = fakePropertyApi(property);
    await enqueueRoomPhoto({
      propertyId: PROPERTY_ID,
      propertyName: '12 Harbor Rd',
      file: new Blob([new Uint8Array([0xff, 0xd8, 0xff, 1])], { type: 'image/jpeg' }),
      fileName: 'garage.jpg',
      owner: null,
    });
    renderPropertyPage();
    await screen.findByText('4 rooms', { exact: false });
    const dialog = await askToDelete();
    expect(within(dialog).getByRole('heading').textContent).toBe('Delete 12 Harbor Rd and its 4 rooms?');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete property' }));
    await waitFor(() => expect(navigatedTo()).toBe('/?tab=properties'));
    expect(api.writes()).toEqual([`DELETE ${propertyPath}`]);
    await waitFor(() =>
      expect(toasts()).toContain('Property Deleted|The property, its rooms and its stagings were deleted.'),
    );
    expect(await listUploads()).toEqual([]);
  });

  it('says a property without rooms is deleted alone', async () => {
    fakePropertyApi(testProperty([]));
    renderPropertyPage();
    const dialog = await askToDelete();
    expect(within(dialog).getByRole('heading').textContent).toBe('Delete 12 Harbor Rd?');
  });
});
