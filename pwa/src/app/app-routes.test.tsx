import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_PREFERENCES } from '@shared/domain';
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
});
