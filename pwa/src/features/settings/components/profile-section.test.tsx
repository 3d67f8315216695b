import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { User } from '@shared/api';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getToasts } from '../../../components/toast/toast-store';
import { currentUserQueryKey } from '../../../lib/auth';
import { createQueryClient } from '../../../lib/query-client';
import { ProfileSection } from './profile-section';

const user: User = {
  id: 'u1',
  username: 'Erin Tester',
  email: 'erin@example.com',
  firstName: 'Erin',
  lastName: null,
  profileImageUrl: null,
  plan: 'free',
};

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => fetchMock.mockReset());
beforeAll(() => {
  // jsdom has no object URLs; the preview only needs a string.
  URL.createObjectURL = () => 'blob:preview';
  URL.revokeObjectURL = () => undefined;
});

function renderSection() {
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryKey, user);
  render(
    <QueryClientProvider client={queryClient}>
      <ProfileSection user={user} />
    </QueryClientProvider>,
  );
  const pick = (file: File) =>
    fireEvent.change(screen.getByLabelText('Choose a profile picture'), { target: { files: [file] } });
  return { queryClient, pick };
}

const file = (type: string, bytes = 10) => new File([new Uint8Array(bytes)], 'me', { type });

describe('ProfileSection', () => {
  it('shows the names as editable fields and the email as text (changed under Password and email)', () => {
    renderSection();
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Erin Tester');
    expect(screen.getByLabelText<HTMLInputElement>('Last name').value).toBe('');
    expect(screen.getByText('erin@example.com')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Email' })).toBeNull();
  });

  it('refuses other types and files over 5MB without uploading', () => {
    const { pick } = renderSection();
    pick(file('image/gif'));
    expect(getToasts().at(-1)).toMatchObject({
      title: 'Invalid file type',
      description: 'Please select a JPEG, PNG, or WebP image.',
    });
    pick(file('image/png', 5 * 1024 * 1024 + 1));
    expect(getToasts().at(-1)).toMatchObject({
      title: 'File too large',
      description: 'Image size must be less than 5MB.',
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('uploads the picture as multipart "image" and stores the updated user', async () => {
    const updated = { ...user, profileImageUrl: '/api/user/profile-image/u1?v=1' };
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(updated), { status: 200 }));
    const { queryClient, pick } = renderSection();
    const picture = file('image/webp');
    pick(picture);
    expect(screen.getByAltText('Your profile picture').getAttribute('src')).toBe('blob:preview');
    await waitFor(() => expect(getToasts().at(-1)).toMatchObject({ title: 'Profile image updated' }));
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect((init?.body as FormData).get('image')).toBe(picture);
    expect(queryClient.getQueryData(currentUserQueryKey)).toEqual(updated);
  });

  it('shows the server sentence when the upload fails', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(
        JSON.stringify({ error: 'unsupported_media_type', message: 'That file is not an image.' }),
        {
          status: 415,
        },
      ),
    );
    const { pick } = renderSection();
    pick(file('image/png'));
    await waitFor(() =>
      expect(getToasts().at(-1)).toMatchObject({
        title: 'Upload failed',
        description: 'That file is not an image.',
        variant: 'destructive',
      }),
    );
  });
});
