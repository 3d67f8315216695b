import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_LOCAL_SETTINGS } from '@shared/domain';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, getToasts } from '../../components/toast/toast-store';
import { createQueryClient } from '../../lib/query-client';
import { writeLocalSettings } from '../../offline/settings';
import { testProject } from '../../testing/projects';
import { closePaywall } from '../../components/paywall';
import { WorkspacePage } from './workspace-page';
import { json, testUser as user } from '../../testing/api';

const limits = { hasActiveSubscription: false, generationsUsed: 0, maxGenerations: 5, canGenerate: true };
const config = (engine: 'preview' | 'openai') => ({
  supportEmail: 'help@example.com',
  signInProviders: ['email and password'],
  paymentsEnabled: false,
  stripePublishableKey: null,
  engine,
});
const UNSURE_PREVIEW = { roomType: 'other', style: 'modern', confident: false, engine: 'preview' };
const photo = (name = 'room.jpg') => new File([new Uint8Array(4096)], name, { type: 'image/jpeg' });
const toasts = () => getToasts().map((t) => `${t.title}|${t.description ?? ''}`);
const roomSelect = () => screen.getByLabelText<HTMLSelectElement>('Room type');

type Handler = (path: string, init: RequestInit) => Promise<Response> | undefined;
function stubApi(handler: Handler) {
  const calls: [string, RequestInit][] = [];
  vi.stubGlobal('fetch', (path: string, init: RequestInit = {}) => {
    calls.push([path, init]);
    return handler(path, init) ?? json({ error: 'not_found', message: 'Not found.' }, 404);
  });
  return calls;
}

function renderPage() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <WorkspacePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const revoked = vi.fn();
beforeEach(() => {
  URL.createObjectURL = vi.fn((f: Blob) => `blob:${(f as File).name}`);
  URL.revokeObjectURL = revoked;
  revoked.mockClear();
  for (const t of getToasts()) dismissToast(t.id);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  closePaywall();
  document.cookie = 'stagely_auth=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  await writeLocalSettings(DEFAULT_LOCAL_SETTINGS);
});

describe('workspace analysis and the room type the user chose', () => {
  it("keeps the room type the user picked when the analysis is unsure (the preview engine's 'other')", async () => {
    stubApi((path) => (path === '/api/analyze' ? json(UNSURE_PREVIEW) : undefined));
    renderPage();
    fireEvent.change(roomSelect(), { target: { value: 'kitchen' } });
    fireEvent.change(screen.getByLabelText('Choose a photo'), { target: { files: [photo()] } });
    // Beside the select, not in a toast over it.
    await screen.findByText('Room type not detected. Preview mode cannot recognise rooms: keeping Kitchen.');
    expect(toasts()).toEqual([]);
    expect(roomSelect().value).toBe('kitchen');
    // Another room type chosen: the note no longer speaks of it.
    fireEvent.change(roomSelect(), { target: { value: 'bedroom' } });
    expect(screen.queryByText(/keeping Kitchen/)).toBeNull();
  });

  it('keeps the default room type from Settings when the analysis is unsure', async () => {
    await writeLocalSettings({ ...DEFAULT_LOCAL_SETTINGS, defaultRoomType: 'bedroom' });
    stubApi((path) =>
      path === '/api/analyze'
        ? json({ roomType: 'other', style: 'modern', confident: false, engine: 'openai' })
        : undefined,
    );
    renderPage();
    await waitFor(() => expect(roomSelect().value).toBe('bedroom'));
    fireEvent.change(screen.getByLabelText('Choose a photo'), { target: { files: [photo()] } });
    await screen.findByText('Room type not detected. We could not tell which room this is: keeping Bedroom.');
    expect(toasts()).toEqual([]);
    expect(roomSelect().value).toBe('bedroom');
  });

  it('presets a confident detection and says what was detected', async () => {
    stubApi((path) =>
      path === '/api/analyze'
        ? json({ roomType: 'dining-room', style: 'farmhouse', confident: true, engine: 'openai' })
        : undefined,
    );
    renderPage();
    fireEvent.change(roomSelect(), { target: { value: 'kitchen' } });
    fireEvent.change(screen.getByLabelText('Choose a photo'), { target: { files: [photo()] } });
    await waitFor(() => expect(roomSelect().value).toBe('dining-room'));
    expect(toasts()).toEqual(['Image Analyzed|Detected: Dining Room (Farmhouse style)']);
  });
});

describe('workspace in preview mode', () => {
  it('shows the preview notice when the server has no AI provider, and not when it has one', async () => {
    stubApi((path) => (path === '/api/public-config' ? json(config('preview')) : undefined));
    const view = renderPage();
    expect((await screen.findByRole('note')).textContent).toBe(
      'Preview mode: no AI provider is connected, so the photo is not really staged.',
    );
    view.unmount();

    const calls = stubApi((path) => (path === '/api/public-config' ? json(config('openai')) : undefined));
    renderPage();
    await waitFor(() => expect(calls.some(([p]) => p === '/api/public-config')).toBe(true));
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.queryByRole('note')).toBeNull();
  });
});

describe('batch: each photo is analysed and named on its own', () => {
  it('presets confident rooms per item, keeps the batch room otherwise, lets each be edited, and names projects after them', async () => {
    document.cookie = 'stagely_auth=1';
    const analyses: Record<string, unknown> = {
      'kitchen.jpg': { roomType: 'kitchen', style: 'modern', confident: true, engine: 'openai' },
      'attic.jpg': { roomType: 'other', style: 'modern', confident: false, engine: 'openai' },
      'den.jpg': { roomType: 'bedroom', style: 'modern', confident: false, engine: 'openai' },
    };
    let created = 0;
    const calls = stubApi((path, init) => {
      if (path === '/api/auth/user') return json(user);
      if (path === '/api/user/limits') return json(limits);
      if (path === '/api/analyze') {
        const form = init.body as FormData;
        return json(analyses[(form.get('image') as File).name]);
      }
      if (path === '/api/projects' && init.method === 'POST') {
        created += 1;
        const form = init.body as FormData;
        if ((form.get('image') as File).name === 'den.jpg')
          return json({ error: 'unreadable', message: 'This image could not be read.' }, 422);
        return json(testProject({ id: `p${created}`, status: 'pending', progress: '0' }), 201);
      }
      if (path === '/api/projects') return json([]);
      if (/^\/api\/projects\/p\d\/status$/.test(path))
        return json({ status: 'completed', progress: '100', stagedImageUrl: '/s.jpg', error: null });
      return undefined;
    });
    renderPage();
    await screen.findByText('No projects yet. Your staged rooms will appear here.');
    fireEvent.click(screen.getByRole('tab', { name: 'Batch Processing' }));
    fireEvent.change(roomSelect(), { target: { value: 'living-room' } });
    fireEvent.change(screen.getByLabelText('Choose room photos'), {
      target: { files: [photo('kitchen.jpg'), photo('attic.jpg'), photo('den.jpg')] },
    });

    const list = screen.getByRole('list', { name: 'Batch items' });
    const itemRoom = (name: string) =>
      within(list).getByLabelText<HTMLSelectElement>(`Room type for ${name}`);
    await waitFor(() => expect(itemRoom('kitchen').value).toBe('kitchen'));
    await waitFor(() => expect(within(list).getAllByText('Not detected')).toHaveLength(2));
    // Unsure answers leave the batch's room type, whatever they guessed.
    expect(itemRoom('attic').value).toBe('living-room');
    expect(itemRoom('den').value).toBe('living-room');
    expect(calls.filter(([p]) => p === '/api/analyze')).toHaveLength(3);
    // Each item shows its own photo.
    expect(
      within(list)
        .getAllByRole('presentation')
        .map((img) => img.getAttribute('src')),
    ).toEqual(['blob:kitchen.jpg', 'blob:attic.jpg', 'blob:den.jpg']);

    fireEvent.change(itemRoom('attic'), { target: { value: 'office' } });
    fireEvent.click(screen.getByRole('button', { name: 'Process 3 Images' }));
    await waitFor(
      () => expect(toasts()).toContain('Batch Processing Complete|Processed 2 of 3 images; 1 failed.'),
      { timeout: 8000 },
    );
    const sent = calls
      .filter(([p, i]) => p === '/api/projects' && i.method === 'POST')
      .map(([, i]) => {
        const form = i.body as FormData;
        return `${form.get('roomType') as string}|${form.get('name') as string}`;
      });
    expect(sent).toEqual([
      'kitchen|kitchen - Kitchen',
      'office|attic - Home Office',
      'living-room|den - Living Room',
    ]);
    // Pressing again sends only the failed photo, and the button says so.
    await screen.findByRole('button', { name: 'Process 1 Image' });
  }, 15_000);

  it('releases the thumbnails of removed and cleared items', async () => {
    stubApi(() => undefined);
    renderPage();
    fireEvent.click(screen.getByRole('tab', { name: 'Batch Processing' }));
    fireEvent.change(screen.getByLabelText('Choose room photos'), {
      target: { files: [photo('a.jpg'), photo('b.jpg')] },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove a' }));
    expect(revoked).toHaveBeenCalledWith('blob:a.jpg');
    fireEvent.click(screen.getByRole('button', { name: 'Clear batch' }));
    expect(revoked).toHaveBeenCalledWith('blob:b.jpg');
  });
});
