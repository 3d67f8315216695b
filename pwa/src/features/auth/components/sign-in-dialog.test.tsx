import { PASSWORD_MAX, PERSON_NAME_MAX } from '@shared/api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeSignIn, openSignIn } from '../../../components/sign-in-opener';
import { getToasts } from '../../../components/toast/toast-store';
import { currentUserQueryKey } from '../../../lib/auth';
import { createQueryClient } from '../../../lib/query-client';
import { SignInDialog } from './sign-in-dialog';
import { SignInDialogHost } from './sign-in-dialog-host';
import { jsonResponse as json } from '../../../testing/api';
import {
  CHECK_EMAIL_TITLE,
  LINK_SENT_AGAIN,
  SEND_LINK_AGAIN,
  SIGN_IN_BENEFITS,
  SIGN_IN_TITLE,
  USE_ANOTHER_ADDRESS,
} from './sign-in-texts';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => {
  act(() => closeSignIn());
  fetchMock.mockReset();
});

/** Answers the providers call with `providers` and every other call with `answer(path, init)`. */
function serve(
  providers: { id: string; name: string }[],
  answer?: (path: string, init?: RequestInit) => Response,
) {
  fetchMock.mockImplementation((input, init) => {
    const path = input as string; // apiRequest always passes a path
    if (path === '/api/auth/providers') return Promise.resolve(json({ providers, email: true }));
    return Promise.resolve(answer?.(path, init) ?? json({ error: 'not_found', message: 'Not found.' }, 404));
  });
}

function renderDialog(url = '/', host = false) {
  const queryClient: QueryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>{host ? <SignInDialogHost /> : <SignInDialog />}</MemoryRouter>
    </QueryClientProvider>,
  );
  return queryClient;
}

const bodyOf = (path: string) => {
  const call = fetchMock.mock.calls.find(([input]) => input === path);
  return JSON.parse(call?.[1]?.body as string) as Record<string, unknown>;
};

describe('SignInDialog', () => {
  it('is not loaded until someone asks for it', async () => {
    serve([]);
    renderDialog('/', true);
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => openSignIn('register'));
    expect(await screen.findByRole('form', { name: 'Create an account' })).toBeTruthy();
  });

  it('shows the title, the three benefits and one button per configured provider', async () => {
    serve([{ id: 'github', name: 'GitHub' }]);
    renderDialog();
    act(() => openSignIn());
    const dialog = await screen.findByRole('dialog', { name: SIGN_IN_TITLE });
    for (const benefit of SIGN_IN_BENEFITS) expect(dialog.textContent).toContain(benefit);
    expect(await screen.findByRole('button', { name: 'Continue with GitHub' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue with email' }));
    expect(screen.getByRole('form', { name: 'Sign in with email' })).toBeTruthy();
  });

  it('shows the email form instead of a dead button when no provider is configured', async () => {
    serve([]);
    renderDialog();
    act(() => openSignIn());
    expect(await screen.findByRole('form', { name: 'Sign in with email' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Continue with/ })).toBeNull();
  });

  it('switches between sign-in and register, and shows the server sentence on failure', async () => {
    serve([], (path) =>
      path === '/api/auth/login'
        ? json({ error: 'invalid_credentials', message: 'Invalid email or password.' }, 401)
        : json({ error: 'rate_limited', message: 'Too many new accounts from this network.' }, 429),
    );
    renderDialog();
    act(() => openSignIn('login'));
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'erin@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password.');
    expect(bodyOf('/api/auth/login')).toEqual({ email: 'erin@example.com', password: 'wrong' });

    fireEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(screen.getByRole('form', { name: 'Create an account' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'erin@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'bright kitchen 42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many new accounts from this network.');

    fireEvent.click(screen.getByRole('button', { name: 'Sign in instead' }));
    expect(screen.getByRole('form', { name: 'Sign in with email' })).toBeTruthy();
  });

  it('after creating an account says to check the email, signs nobody in, sends the link again and goes back to change the address', async () => {
    const sent = (email: string) =>
      `Check your email to finish creating your account. We sent a link to ${email}.`;
    serve([], (path, init) =>
      path === '/api/auth/register'
        ? json({ message: sent((JSON.parse(init?.body as string) as { email: string }).email) }, 202)
        : json([]),
    );
    const queryClient = renderDialog();
    act(() => openSignIn('register'));
    fireEvent.change(await screen.findByLabelText('First name'), { target: { value: 'Erin' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'erin@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'bright kitchen 42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: CHECK_EMAIL_TITLE })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(sent('erin@example.com'));
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(queryClient.getQueryData(currentUserQueryKey)).toBeUndefined();
    expect(bodyOf('/api/auth/register')).toEqual({
      email: 'erin@example.com',
      password: 'bright kitchen 42',
      firstName: 'Erin',
    });

    fireEvent.click(screen.getByRole('button', { name: SEND_LINK_AGAIN }));
    expect(await screen.findByText(LINK_SENT_AGAIN)).toBeTruthy();
    const registers = fetchMock.mock.calls.filter(([path]) => path === '/api/auth/register');
    expect(registers).toHaveLength(2);
    expect(registers[1]?.[1]?.body).toBe(registers[0]?.[1]?.body);

    fireEvent.click(screen.getByRole('button', { name: USE_ANOTHER_ADDRESS }));
    expect(screen.getByRole('form', { name: 'Create an account' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('erin@example.com');
  });

  it('a sign-in before the email is confirmed says so and can send the link again', async () => {
    const first = 'Confirm your email first: we sent a link to erin@example.com.';
    serve([], (path) =>
      path === '/api/auth/login'
        ? json({ error: 'email_unconfirmed', message: first }, 403)
        : json({ message: 'Check your email to finish creating your account.' }, 202),
    );
    renderDialog();
    act(() => openSignIn('login'));
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'Erin@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'bright kitchen 42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(first);
    fireEvent.click(screen.getByRole('button', { name: SEND_LINK_AGAIN }));
    expect(await screen.findByRole('heading', { name: CHECK_EMAIL_TITLE })).toBeTruthy();
    expect(bodyOf('/api/auth/register')).toEqual({
      email: 'erin@example.com',
      password: 'bright kitchen 42',
    });
  });

  it('opens on the forgotten-password form from the link in a mail', async () => {
    serve([]);
    renderDialog('/?signin=forgot', true);
    expect(await screen.findByRole('form', { name: 'Reset your password' })).toBeTruthy();
  });

  it('opens on the email form after the ?signin=email redirect', async () => {
    serve([{ id: 'github', name: 'GitHub' }]);
    renderDialog('/?signin=email', true);
    expect(await screen.findByRole('form', { name: 'Sign in with email' })).toBeTruthy();
  });

  it('opens with a toast after the ?signin=failed redirect', async () => {
    serve([{ id: 'github', name: 'GitHub' }]);
    renderDialog('/?signin=failed', true);
    expect(await screen.findByRole('dialog', { name: SIGN_IN_TITLE })).toBeTruthy();
    expect(getToasts().at(-1)).toMatchObject({ title: 'Sign-in failed', variant: 'destructive' });
  });

  describe('field messages', () => {
    const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
    const type = (label: string, value: string) => fireEvent.input(field(label), { target: { value } });
    const messageOf = (label: string) =>
      (field(label).getAttribute('aria-describedby') ?? '')
        .split(' ')
        .filter(Boolean)
        .map((id) => document.getElementById(id)?.textContent);

    it('register: puts each message of the schema under its field, focuses the first, sends nothing', async () => {
      serve([]);
      renderDialog();
      act(() => openSignIn('register'));
      await screen.findByRole('form', { name: 'Create an account' });
      type('Email', 'erin@example');
      type('Password', 'short');
      fireEvent.submit(screen.getByRole('form', { name: 'Create an account' }));

      expect(messageOf('Email')).toEqual(['Please enter a valid email address.']);
      expect(messageOf('Password')).toEqual(['Please choose a password of at least 8 characters.']);
      expect(field('Email').getAttribute('aria-invalid')).toBe('true');
      expect(field('First name').getAttribute('aria-invalid')).toBeNull();
      expect(document.activeElement).toBe(field('Email'));
      expect(fetchMock.mock.calls.some(([path]) => path === '/api/auth/register')).toBe(false);
      // The server's sentences keep their own place: no alert for a message under a field.
      expect(screen.queryByRole('alert')).toBeNull();
    });

    it('sign-in: checks a field the user typed in when they leave it; the message goes once fixed', async () => {
      serve([]);
      renderDialog();
      act(() => openSignIn('login'));
      await screen.findByRole('form', { name: 'Sign in with email' });
      fireEvent.blur(field('Email'));
      expect(messageOf('Email')).toEqual([]);
      type('Email', 'erin@example');
      fireEvent.blur(field('Email'));
      expect(messageOf('Email')).toEqual(['Please enter a valid email address.']);
      type('Email', 'erin@example.com');
      expect(messageOf('Email')).toEqual([]);
    });

    it("takes the fields' length limits from the schema", async () => {
      serve([]);
      renderDialog();
      act(() => openSignIn('register'));
      await screen.findByRole('form', { name: 'Create an account' });
      expect(field('First name').maxLength).toBe(PERSON_NAME_MAX);
      expect(field('Last name').maxLength).toBe(PERSON_NAME_MAX);
      expect(field('Password').maxLength).toBe(PASSWORD_MAX);
    });
  });
});
