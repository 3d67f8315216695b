import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_PREFERENCES } from '@shared/domain';
import { SWITCH_ACCOUNT_BUTTON, switchAccountWarning } from '../features/auth/components/sign-in-texts';
import { testUser } from '../testing/api';
import { describe, expect, it } from 'vitest';
import { testProject } from '../testing/projects';
import { renderApp, resetAppEachTest } from '../testing/render-app';

resetAppEachTest();

describe('the whole app, routed', () => {
  it("Help Center's Contact Support link opens the contact page", async () => {
    const app = renderApp('/help', { user: null });
    fireEvent.click(await screen.findByRole('link', { name: 'Contact Support' }));
    await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
    expect(app.location()).toBe('/contact');
    expect(document.title).toBe('Contact Us | Stagely');
  });

  it("a mail's link /?project=<id> opens that staged project in the workspace, then leaves the address clean", async () => {
    const staged = testProject({
      name: 'Porch',
      status: 'completed',
      progress: '100',
      stagedImageUrl: '/api/projects/p1/images/staged',
    });
    const app = renderApp('/?project=p1', { api: { '/api/projects': [staged], '/api/projects/p1': staged } });
    const comparison = await screen.findByRole('region', { name: 'Before & After Comparison - Porch' });
    expect(within(comparison).getByRole('slider')).toBeTruthy();
    await screen.findByText('Now viewing: Porch');
    await waitFor(() => expect(app.location()).toBe('/'));
    expect(app.calls.some((c) => c.path === '/api/projects/p1')).toBe(true);
  });

  it("Settings' 'Email me when a project is completed' switch turns that mail off on the server", async () => {
    const prefs = { ...DEFAULT_PREFERENCES, mlsProfile: 'other' };
    const app = renderApp('/settings', {
      api: {
        '/api/user/preferences': prefs,
        'PUT /api/user/preferences': (call) => ({ ...prefs, ...(call.body as object) }),
      },
    });
    const setting = await screen.findByRole('switch', { name: 'Email me when a project is completed' });
    expect(setting.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(setting);
    await waitFor(() => expect(setting.getAttribute('aria-checked')).toBe('false'));
    await screen.findByText('Email preferences updated');
    expect(app.writes()).toEqual(['PUT /api/user/preferences']);
    expect(app.calls.at(-1)?.body).toEqual({
      emailNotifications: { ...DEFAULT_PREFERENCES.emailNotifications, project_completed: false },
    });
  });

  it("someone else's sign-up link opened while signed in warns, and nothing is sent until the person chooses to switch", async () => {
    const theirs = 'lure@example.com';
    const app = renderApp('/confirm-account?token=their-token', {
      api: {
        'POST /api/auth/register/check': { state: 'ready', email: theirs },
        'POST /api/auth/register/confirm': { ...testUser, id: 'u2', email: theirs },
      },
    });
    await screen.findByText(switchAccountWarning(testUser.email, theirs));
    fireEvent.change(screen.getByLabelText('Password', { exact: true }), {
      target: { value: 'vera picks this 6' },
    });
    const switchButton = screen.getByRole('button', { name: SWITCH_ACCOUNT_BUTTON });
    // Only the link was checked: the session is still the signed-in person's.
    expect(app.writes()).toEqual(['POST /api/auth/register/check']);
    fireEvent.click(switchButton);
    await waitFor(() => expect(app.writes()).toContain('POST /api/auth/register/confirm'));
    expect(app.calls.find((c) => c.path === '/api/auth/register/confirm')?.body).toEqual({
      token: 'their-token',
      password: 'vera picks this 6',
      switchAccount: true,
    });
  });
});
