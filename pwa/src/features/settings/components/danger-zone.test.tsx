import { DELETE_CONFIRMATION_MAX } from '@shared/api';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToasts } from '../../../components/toast/toast-store';
import { currentUserQueryKey } from '../../../lib/auth';
import { createQueryClient } from '../../../lib/query-client';
import { destroyDb } from '../../../offline/db';
import { enqueueUpload, listUploads } from '../../../offline/uploads';
import { DangerZone } from './danger-zone';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => fetchMock.mockReset());

function renderZone() {
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryKey, { id: 'u1' });
  queryClient.setQueryData(['/api/projects'], [{ id: 'p1' }]);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/settings']}>
        <Routes>
          <Route path="/settings" element={<DangerZone />} />
          <Route path="/" element={<p>Home screen</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Delete account' }));
  const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
  const confirm = screen.getAllByRole('button', { name: 'Delete account' }).find((b) => dialog.contains(b));
  if (!confirm) throw new Error('no confirm button in the dialog');
  const type = (value: string) =>
    fireEvent.change(screen.getByLabelText('Confirmation'), { target: { value } });
  return { queryClient, confirm: confirm as HTMLButtonElement, type };
}

describe('DangerZone', () => {
  it('enables the confirm button only on the exact text', () => {
    const { confirm, type } = renderZone();
    expect(confirm.disabled).toBe(true);
    for (const near of [
      'delete my account',
      'DELETE MY ACCOUNT ',
      ' DELETE MY ACCOUNT',
      'DELETE MY ACCOUN',
    ]) {
      type(near);
      expect(confirm.disabled).toBe(true);
    }
    type('DELETE MY ACCOUNT');
    expect(confirm.disabled).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('explains the rule when Enter is pressed on a near miss', () => {
    const { type } = renderZone();
    type('delete my account');
    fireEvent.submit(screen.getByLabelText('Confirmation'));
    expect(screen.getByRole('alert').textContent).toBe(
      "Invalid confirmation: Please type 'DELETE MY ACCOUNT' to confirm.",
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('ties the message to the field, focuses the field and takes its limit from the schema', () => {
    const { confirm, type } = renderZone();
    const field = screen.getByLabelText<HTMLInputElement>('Confirmation');
    expect(field.maxLength).toBe(DELETE_CONFIRMATION_MAX);
    type('DELETE MY');
    confirm.focus();
    fireEvent.submit(field);
    const alert = screen.getByRole('alert');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(alert.id);
    expect(document.activeElement).toBe(field);
    type('DELETE MY ACCOUNT');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(field.getAttribute('aria-invalid')).toBeNull();
  });

  it('deletes, clears every cached query, says so and goes home', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    const { queryClient, confirm, type } = renderZone();
    type('DELETE MY ACCOUNT');
    fireEvent.click(confirm);
    expect(await screen.findByText('Home screen')).toBeTruthy();
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/user/account');
    expect(init?.method).toBe('DELETE');
    expect(JSON.parse(init?.body as string)).toEqual({ confirmationText: 'DELETE MY ACCOUNT' });
    expect(queryClient.getQueryData(['/api/projects'])).toBeUndefined();
    expect(queryClient.getQueryData(currentUserQueryKey)).toBeNull();
    // a confirmation waits for the device's 'Show notifications' setting
    await waitFor(() =>
      expect(getToasts().at(-1)).toMatchObject({
        title: 'Account deleted',
        description: 'Your account and all associated data have been permanently deleted.',
      }),
    );
  });

  it("forgets this account's queued photos and unclaimed ones, and keeps another account's", async () => {
    await destroyDb();
    const photo = (name: string, owner: { id: string; name: string } | null) => ({
      file: new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }),
      fileName: `${name}.jpg`,
      fields: { name, stagingMode: 'stage', roomType: 'bedroom' },
      owner,
    });
    await enqueueUpload(photo('mine', { id: 'u1', name: 'me@example.com' }), 1);
    await enqueueUpload(photo('theirs', { id: 'u2', name: 'them@example.com' }), 2);
    await enqueueUpload(photo('shared', null), 3);
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    const { confirm, type } = renderZone();
    type('DELETE MY ACCOUNT');
    fireEvent.click(confirm);
    expect(await screen.findByText('Home screen')).toBeTruthy();
    expect((await listUploads()).map((r) => r.fields.name)).toEqual(['theirs']);
    await destroyDb();
  });

  it('keeps the account and the dialog when the server refuses', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ error: 'internal', message: 'Something went wrong.' }), { status: 500 }),
    );
    const { queryClient, confirm, type } = renderZone();
    type('DELETE MY ACCOUNT');
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(getToasts().at(-1)).toMatchObject({
        description: 'Failed to delete account. Please try again.',
        variant: 'destructive',
      }),
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(queryClient.getQueryData(currentUserQueryKey)).toEqual({ id: 'u1' });
  });
});
