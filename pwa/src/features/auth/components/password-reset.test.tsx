import { PASSWORD_RESET_SENT, RESET_LINK_INVALID } from '@shared/api';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeSignIn, openSignIn, useSignInDialogState } from '../../../components/sign-in-opener';
import { getToasts } from '../../../components/toast/toast-store';
import { currentUserQueryKey } from '../../../lib/auth';
import { createQueryClient } from '../../../lib/query-client';
import { jsonResponse as json, testUser as user } from '../../../testing/api';
import { ResetPasswordPage } from './reset-password-page';
import { SignInDialog } from './sign-in-dialog';
import { FORGOT_PASSWORD_LINK, PASSWORD_CHANGED } from './sign-in-texts';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => {
  act(() => closeSignIn());
  fetchMock.mockReset();
});

function serve(answer: (path: string, init?: RequestInit) => Response) {
  fetchMock.mockImplementation((input, init) => {
    const path = input as string;
    if (path === '/api/auth/providers') return Promise.resolve(json({ providers: [], email: true }));
    return Promise.resolve(answer(path, init));
  });
}
const bodyOf = (path: string) =>
  JSON.parse(fetchMock.mock.calls.find(([p]) => p === path)?.[1]?.body as string) as Record<string, unknown>;

function DialogView() {
  return <output data-testid="view">{useSignInDialogState().view}</output>;
}

function renderAt(url: string) {
  const queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/reset-password" element={<ResetPasswordPage />} />
          <Route path="/" element={<p>Workspace</p>} />
        </Routes>
        <SignInDialog />
        <DialogView />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return queryClient;
}

describe('Forgot password in the sign-in dialog', () => {
  it('asks for a link with the address typed and shows the server’s one answer', async () => {
    serve((path) =>
      path === '/api/auth/password-reset' ? json({ message: PASSWORD_RESET_SENT }, 202) : json({}, 404),
    );
    renderAt('/');
    act(() => openSignIn('login'));
    fireEvent.click(await screen.findByRole('button', { name: FORGOT_PASSWORD_LINK }));
    const form = await screen.findByRole('form', { name: 'Reset your password' });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' Ana@Example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('status')).textContent).toBe(PASSWORD_RESET_SENT);
    expect(bodyOf('/api/auth/password-reset')).toEqual({ email: 'ana@example.com' });
    expect(form).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByRole('form', { name: 'Sign in with email' })).toBeTruthy();
  });

  it('shows the 429 sentence when too many links were asked for', async () => {
    const sentence = 'You have asked for several reset links in a short time.';
    serve(() => json({ error: 'rate_limited', message: sentence }, 429));
    renderAt('/');
    act(() => openSignIn('forgot'));
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'ana@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('alert')).textContent).toBe(sentence);
  });
});

describe('ResetPasswordPage', () => {
  it('sets the new password, signs in and goes to the workspace with a toast', async () => {
    serve((path) =>
      path === '/api/auth/password-reset/confirm'
        ? json(user)
        : path === '/api/auth/password-reset/check'
          ? json({ valid: true })
          : json({}, 404),
    );
    const queryClient = renderAt('/reset-password?token=tok-123');
    fireEvent.change(await screen.findByLabelText('New password'), { target: { value: 'brand new 99' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Workspace')).toBeTruthy();
    expect(bodyOf('/api/auth/password-reset/confirm')).toEqual({
      token: 'tok-123',
      password: 'brand new 99',
    });
    expect(queryClient.getQueryData(currentUserQueryKey)).toEqual(user);
    await waitFor(() => expect(getToasts().some((t) => t.title === PASSWORD_CHANGED)).toBe(true));
  });

  it('checks the password as sign-up does before sending', async () => {
    serve((path) => (path === '/api/auth/password-reset/check' ? json({ valid: true }) : json({}, 404)));
    renderAt('/reset-password?token=tok-123');
    fireEvent.change(await screen.findByLabelText('New password'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Please choose a password of at least 8 characters.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([p]) => p === '/api/auth/password-reset/confirm')).toBe(false);
  });

  it('says at once, before any password is typed, that a used or expired link no longer works', async () => {
    serve((path) => (path === '/api/auth/password-reset/check' ? json({ valid: false }) : json({}, 404)));
    renderAt('/reset-password?token=used');
    expect((await screen.findByRole('alert')).textContent).toBe(RESET_LINK_INVALID);
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(bodyOf('/api/auth/password-reset/check')).toEqual({ token: 'used' });
    fireEvent.click(screen.getByRole('button', { name: 'Ask for a new link' }));
    expect(await screen.findByRole('form', { name: 'Reset your password' })).toBeTruthy();
  });

  it('shows the form when the check cannot be made, and still explains a refused link', async () => {
    serve((path) =>
      path === '/api/auth/password-reset/check'
        ? json({ error: 'internal', message: 'Something went wrong' }, 500)
        : json({ error: 'invalid_reset_link', message: RESET_LINK_INVALID }, 400),
    );
    renderAt('/reset-password?token=used');
    fireEvent.change(await screen.findByLabelText('New password'), { target: { value: 'brand new 99' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(RESET_LINK_INVALID);
    expect(screen.queryByLabelText('New password')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Ask for a new link' }));
    await waitFor(() => expect(screen.getByTestId('view').textContent).toBe('forgot'));
    expect(await screen.findByRole('form', { name: 'Reset your password' })).toBeTruthy();
  });

  it('without a token, says the link is not valid', async () => {
    serve(() => json({}, 404));
    renderAt('/reset-password');
    expect((await screen.findByRole('alert')).textContent).toBe(RESET_LINK_INVALID);
  });
});
