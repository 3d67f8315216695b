import type { Project } from '@shared/api';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/toast';
import { dismissToast, getToasts } from '../../../components/toast/toast-store';
import { closeSignIn, useSignInDialogState } from '../../../components/sign-in-opener';
import { createQueryClient } from '../../../lib/query-client';
import { DemoBlock } from './demo-block';
import { DemoFlow } from './demo-flow';
import { testProject } from '../../../testing/projects';

const project = (over: Partial<Project> = {}): Project =>
  testProject({
    name: 'Kitchen - Nov 22, 2026',
    status: 'processing',
    progress: '50',
    roomType: 'kitchen',
    isDemo: true,
    createdAt: '2026-11-22T10:00:00.000Z',
    ...over,
  });

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

type Route = (url: string, init?: RequestInit) => Response;
let routes: Record<string, Route>;
const fetchMock = vi.fn((input: string, init?: RequestInit) => {
  const url = input;
  const key = `${init?.method ?? 'GET'} ${url}`;
  const route = routes[key];
  return Promise.resolve(route ? route(url, init) : json(404, { error: 'not_found', message: 'Not found' }));
});
const calls = (key: string) => fetchMock.mock.calls.filter(([u, i]) => `${i?.method ?? 'GET'} ${u}` === key);

const sure = (roomType: string, style: string) => ({ roomType, style, confident: true, engine: 'openai' });
const unsure = { roomType: 'other', style: 'modern', confident: false, engine: 'preview' };

const photo = () => new File([new Uint8Array(2048)], 'kitchen.jpg', { type: 'image/jpeg' });

function renderFlow(node: React.ReactNode) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      {node}
      <Toaster />
    </QueryClientProvider>,
  );
}

const stageButton = () => screen.getByRole('button', { name: 'Stage This Room' });
const toastText = () => getToasts().map((t) => `${t.title}|${t.description ?? ''}`);

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => undefined }),
  );
  fetchMock.mockClear();
  for (const t of getToasts()) dismissToast(t.id);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('demo flow', () => {
  it('analyses, stages, polls every 2 s until completed, and shows the comparison', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let polls = 0;
    routes = {
      'POST /api/analyze': () => json(200, sure('kitchen', 'scandinavian')),
      'POST /api/demo/stage': () =>
        json(201, { id: 'p1', originalImageUrl: '/api/projects/p1/images/original', engine: 'openai' }),
      'GET /api/projects/p1': () =>
        json(
          200,
          ++polls < 3
            ? project({ engine: 'openai' })
            : project({
                engine: 'openai',
                status: 'completed',
                stagedImageUrl: '/staged.jpg',
                variants: ['/staged.jpg'],
              }),
        ),
    };
    renderFlow(<DemoFlow file={photo()} onReset={() => undefined} />);
    expect(screen.getByText('kitchen.jpg')).toBeTruthy();
    expect(screen.getByText('2 KB')).toBeTruthy();
    await waitFor(() => expect(toastText()).toEqual(['Image Analyzed|Detected: Kitchen']));
    expect(screen.getByLabelText<HTMLSelectElement>('Room type').value).toBe('kitchen');
    expect(screen.getByRole('button', { name: /Scandinavian/ }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(stageButton());
    await waitFor(() =>
      expect(toastText()).toEqual(['AI Staging Started|Your room is being staged with AI magic...']),
    );
    const form = calls('POST /api/demo/stage')[0]?.[1]?.body;
    if (!(form instanceof FormData)) throw new Error('the demo must send multipart form data');
    expect(form.get('roomType')).toBe('kitchen');
    expect(form.get('stylePreset')).toBe('scandinavian');
    expect(form.get('stagingMode')).toBe('stage');
    expect(screen.getByText('Our AI is staging your room. This takes about 30-60 seconds.')).toBeTruthy();
    expect(screen.queryByText(/Preview mode/)).toBeNull();

    await waitFor(() => expect(polls).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(polls).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(polls).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await screen.findByText('Demo Complete');
    await waitFor(() =>
      expect(toastText()).toEqual(['Staging Complete!|Your room has been staged with AI magic.']),
    );
    expect(screen.queryByText('Preview')).toBeNull();
    expect(screen.getByRole('slider')).toBeTruthy();
    expect(screen.getByAltText('Room after staging').getAttribute('src')).toBe('/staged.jpg');
    await act(() => vi.advanceTimersByTimeAsync(6000));
    expect(polls).toBe(3);
  });

  it('says plainly in preview mode that nothing is staged, and never claims AI or a detection', async () => {
    let polls = 0;
    routes = {
      'POST /api/analyze': () => json(200, unsure),
      'POST /api/demo/stage': () => json(201, { id: 'p1', originalImageUrl: '/o.jpg', engine: 'preview' }),
      'GET /api/projects/p1': () =>
        json(
          200,
          ++polls < 2
            ? project()
            : project({ status: 'completed', stagedImageUrl: '/staged.jpg', variants: ['/staged.jpg'] }),
        ),
    };
    const view = renderFlow(<DemoFlow file={photo()} onReset={() => undefined} />);
    await waitFor(() =>
      expect(toastText()).toEqual([
        'Room type not detected|Preview mode cannot recognise rooms: please choose the room type.',
      ]),
    );
    const notice = screen.getByRole('note');
    expect(notice.textContent).toBe(
      'Preview mode: no AI provider is connected, so the photo is not really staged.',
    );
    expect(screen.queryByText(/Detected/)).toBeNull();
    expect(screen.getByText(/Choose the room type below/)).toBeTruthy();
    // 'other' is not preset: the visitor says which room it is.
    expect(screen.getByLabelText<HTMLSelectElement>('Room type').value).toBe('');
    expect((stageButton() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Room type'), { target: { value: 'kitchen' } });
    fireEvent.click(stageButton());
    await screen.findByText('Making a colour-tinted preview of your photo. This takes a few seconds.');
    // A confirmation shows once the notification setting is read: it may come a moment after the text.
    await waitFor(() =>
      expect(toastText()).toEqual([
        'Preview Started|Making a colour-tinted preview of your photo: no AI provider is connected.',
      ]),
    );
    expect(view.container.textContent).not.toMatch(/Our AI|AI magic/);
    await screen.findByText('Demo Complete', undefined, { timeout: 5000 });
    await waitFor(() =>
      expect(toastText()).toEqual([
        'Preview Ready|Only the colours were tinted: no AI provider is connected, so nothing was added.',
      ]),
    );
    expect(screen.getByRole('note').textContent).toBe(
      'Made in preview mode: no AI provider was connected, so this photo is only a colour-tinted copy, not really staged.',
    );
    expect(screen.getByText('Preview').getAttribute('title')).toBeNull();
    expect(view.container.textContent).not.toMatch(/AI magic|Our AI/);
  });

  it('keeps Stage This Room disabled without a room type after a failed analysis', async () => {
    routes = {
      'POST /api/analyze': () => json(500, { error: 'internal', message: 'Something went wrong.' }),
    };
    renderFlow(<DemoFlow file={photo()} onReset={() => undefined} />);
    await waitFor(() => {
      expect(toastText()).toEqual(['Analysis Failed|Could not analyze the image. Please try again.']);
      expect(getToasts()[0]?.variant).toBe('destructive');
    });
    expect((stageButton() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Room type'), { target: { value: 'bedroom' } });
    expect((stageButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the failure with Try Again, which stages again', async () => {
    let stages = 0;
    routes = {
      'POST /api/analyze': () => json(200, sure('bedroom', 'modern')),
      'POST /api/demo/stage': () =>
        json(201, { id: `p${++stages}`, originalImageUrl: '/o.jpg', engine: 'preview' }),
      'GET /api/projects/p1': () =>
        json(200, project({ status: 'failed', metadata: { error: 'The engine timed out.' } })),
      'GET /api/projects/p2': () => json(200, project({ id: 'p2' })),
    };
    renderFlow(<DemoFlow file={photo()} onReset={() => undefined} />);
    await waitFor(() => expect((stageButton() as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(stageButton());
    await screen.findByText('Staging failed: The engine timed out.');
    expect(toastText()).toEqual(['Staging Failed|The engine timed out.']);
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(stages).toBe(2));
    await waitFor(() => expect(calls('GET /api/projects/p2').length).toBe(1));
    expect(screen.queryByText(/Staging failed/)).toBeNull();
  });

  it("toasts the server's sentence for a refusal it explains, and the generic text otherwise", async () => {
    const refused = 'Please choose a room type.';
    let answer = json(400, { error: 'validation_error', message: refused });
    routes = {
      'POST /api/analyze': () => json(200, sure('office', 'modern')),
      'POST /api/demo/stage': () => answer,
    };
    renderFlow(<DemoFlow file={photo()} onReset={() => undefined} />);
    await waitFor(() => expect((stageButton() as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(stageButton());
    await waitFor(() => expect(toastText()).toEqual([`Staging Failed|${refused}`]));
    await waitFor(() => expect((stageButton() as HTMLButtonElement).disabled).toBe(false));
    answer = json(502, {});
    fireEvent.click(stageButton());
    await waitFor(() =>
      expect(toastText()).toEqual(['Staging Failed|Could not stage the room. Please try again.']),
    );
  });

  it('says a photo too small to stage at once, in the demo, and never sends it', async () => {
    const tooSmall = 'This photo is too small to stage: it needs at least 512 pixels on its shorter side.';
    routes = {
      'POST /api/analyze': () => json(422, { error: 'image_too_small', message: tooSmall }),
      'POST /api/demo/stage': () =>
        json(201, { id: 'p1', originalImageUrl: '/api/projects/p1/images/original', engine: 'openai' }),
    };
    renderFlow(<DemoFlow file={photo()} onReset={() => undefined} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(tooSmall);
    // Said once, in place: no toast repeats it over the page.
    expect(toastText()).toEqual([]);
    // Nothing to stage it with: no options and no Stage button, only another photo.
    expect(screen.queryByLabelText('Room type')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Stage This Room' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Choose another photo' })).toBeTruthy();
    expect(calls('POST /api/demo/stage')).toHaveLength(0);
  });

  it('refuses an empty (0-byte) file where it was picked: no staging offered, nothing sent', async () => {
    renderFlow(
      <DemoFlow file={new File([], 'empty.jpg', { type: 'image/jpeg' })} onReset={() => undefined} />,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The file is empty. Please choose a room photo.');
    expect(screen.queryByRole('button', { name: 'Stage This Room' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('offers to sign up in the demo itself when the daily limit is reached', async () => {
    function DialogState() {
      const { open, view } = useSignInDialogState();
      return <p data-testid="sign-in">{open ? `open:${view}` : 'closed'}</p>;
    }
    const limited = "You've used today's 3 free demo stagings. Create a free account to keep staging.";
    routes = {
      'POST /api/analyze': () => json(200, sure('office', 'modern')),
      'POST /api/demo/stage': () => json(429, { error: 'rate_limited', message: limited }),
    };
    renderFlow(
      <>
        <DemoFlow file={photo()} onReset={() => undefined} />
        <DialogState />
      </>,
    );
    await waitFor(() => expect((stageButton() as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(stageButton());
    const alert = (await screen.findByText('Free demo limit reached.')).closest<HTMLElement>(
      '[role="alert"]',
    );
    if (!alert) throw new Error('the limit must be said in an alert');
    expect(alert.textContent).toContain(`Free demo limit reached. ${limited}`);
    // The offer says it where it happened; no toast covers it, and staging stays off (it would be refused).
    expect(toastText()).toEqual(['Image Analyzed|Detected: Home Office']);
    expect((stageButton() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Room type'), { target: { value: 'kitchen' } });
    expect((stageButton() as HTMLButtonElement).disabled).toBe(true);
    expect(calls('POST /api/demo/stage')).toHaveLength(1);
    expect(screen.getByTestId('sign-in').textContent).toBe('closed');
    fireEvent.click(within(alert).getByRole('button', { name: 'Create a free account' }));
    expect(screen.getByTestId('sign-in').textContent).toBe('open:register');
    act(() => closeSignIn());
  });
});

describe('demo block', () => {
  it('ignores dropped non-images and starts with a dropped photo; choosing another photo resets', async () => {
    routes = { 'POST /api/analyze': () => json(200, sure('kitchen', 'modern')) };
    renderFlow(<DemoBlock />);
    const zone = screen.getByTestId('demo-drop-zone');
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    fireEvent.drop(zone, { dataTransfer: { files: [text] } });
    expect(screen.getByTestId('demo-drop-zone')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.drop(zone, { dataTransfer: { files: [text, photo()] } });
    await screen.findByText('kitchen.jpg');
    await waitFor(() => expect(calls('POST /api/analyze').length).toBe(1));
    fireEvent.click(screen.getByRole('button', { name: 'Choose another photo' }));
    expect(screen.getByText('Image files: JPG, PNG up to 10MB')).toBeTruthy();
  });
});
