import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AUTHENTICATION_REQUIRED } from '@shared/domain';
import { testUser } from '../testing/api';
import { testProject } from '../testing/projects';
import { renderApp, resetAppEachTest } from '../testing/render-app';

resetAppEachTest();

const photo = () => new File([new Uint8Array(4096)], 'room.jpg', { type: 'image/jpeg' });
const noCreditsLeft = {
  hasActiveSubscription: false,
  generationsUsed: 5,
  maxGenerations: 5,
  canGenerate: false,
};
const unsure = { roomType: 'other', style: 'modern', confident: false, engine: 'preview' };
const roomType = () => screen.getByLabelText<HTMLSelectElement>('Room type');

describe('the workspace in the whole app', () => {
  it("keeps the device's settings: they preset the options panel, also once the app is opened again", async () => {
    const first = renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Workspace settings' }));
    const settings = await screen.findByRole('dialog', { name: 'Settings' });
    fireEvent.change(within(settings).getByLabelText('Default room type'), { target: { value: 'kitchen' } });
    fireEvent.change(within(settings).getByLabelText('Default style'), { target: { value: 'industrial' } });
    fireEvent.click(within(settings).getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Settings' })).toBeNull());
    await waitFor(() => expect(roomType().value).toBe('kitchen'));
    first.unmount();

    renderApp('/');
    await waitFor(() => expect(roomType().value).toBe('kitchen'));
    expect(screen.getByRole('radio', { name: 'Industrial' }).getAttribute('aria-checked')).toBe('true');
  });

  it('opens the paywall without sending the photo when the limits say no credits are left; Upgrade leads to /subscribe', async () => {
    const app = renderApp('/', { api: { '/api/user/limits': noCreditsLeft, 'POST /api/analyze': unsure } });
    await screen.findByText('No projects yet. Your staged rooms will appear here.');
    fireEvent.change(screen.getByLabelText('Choose a photo'), { target: { files: [photo()] } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate Staging' }));
    const paywall = await screen.findByRole('dialog', { name: 'Generation Limit Reached' });
    expect(paywall.textContent).toContain(
      "You've used all 5 of your free generations. Upgrade to Pro for unlimited staging!",
    );
    fireEvent.click(within(paywall).getByRole('button', { name: 'Upgrade to Pro' }));
    await waitFor(() => expect(app.location()).toBe('/subscribe'));
    expect(app.writes().filter((w) => w === 'POST /api/projects')).toEqual([]);
  });

  it('lists a project made on another device when the app opens again: the list kept on the device is not the truth', async () => {
    const first = renderApp('/');
    await screen.findByText('No projects yet. Your staged rooms will appear here.');
    // The empty list is on the device before the app closes.
    await waitFor(() => expect(localStorage.getItem('stagely-query-cache')).toContain('"data":[]'));
    first.unmount();

    const made = testProject({ id: 'p2', name: 'Den', status: 'pending' });
    renderApp('/', { api: { '/api/projects': [made] } });
    const recent = await screen.findByRole('region', { name: 'Recent Projects' });
    const entry = (await within(recent).findByText('Den')).closest('li')!;
    expect(within(entry).getByText('Pending', { exact: true })).toBeTruthy();
  });

  it('a Generate pressed while the app still asks who is signed in waits for the answer and stages, never asks to sign in', async () => {
    let answerUser: (user: typeof testUser) => void = () => undefined;
    const userAnswer = new Promise<typeof testUser>((resolve) => (answerUser = resolve));
    const created = testProject({ id: 'p9', name: 'Living Room', status: 'pending' });
    const app = renderApp('/app', {
      api: { '/api/auth/user': () => userAnswer, 'POST /api/analyze': unsure, 'POST /api/projects': created },
    });
    fireEvent.change(await screen.findByLabelText('Choose a photo'), { target: { files: [photo()] } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate Staging' }));
    answerUser(testUser);
    await waitFor(() => expect(app.writes()).toContain('POST /api/projects'));
    expect(screen.queryByText(AUTHENTICATION_REQUIRED.title)).toBeNull();
  });
});
