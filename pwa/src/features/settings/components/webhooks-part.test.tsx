import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { WEBHOOK_URL_REFUSED, type Webhook, type WebhookDelivery } from '@shared/api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { WEBHOOK_TEXTS as T } from '../settings-texts';
import { WebhooksPart } from './webhooks-part';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const hook: Webhook = {
  id: 'w1',
  url: 'https://crm.example.com/stagely',
  events: ['project.finished'],
  createdAt: '2030-01-01T00:00:00.000Z',
};
const failed: WebhookDelivery = {
  id: 'msg_1',
  event: 'project.finished',
  status: 'failed',
  attempts: 9,
  lastStatus: 500,
  lastError: 'HTTP 500',
  createdAt: '2030-01-02T00:00:00.000Z',
  nextAttemptAt: null,
};

const fetchMock = vi.fn<typeof fetch>();
/** Requests as `METHOD path`, in order. */
const calls = () => fetchMock.mock.calls.map(([path, init]) => `${init?.method ?? 'GET'} ${path as string}`);

/** A small fake of the webhook routes holding `hooks` and one endpoint's `deliveries`. */
function serve(state: { hooks: Webhook[]; deliveries: WebhookDelivery[] }) {
  fetchMock.mockImplementation((input, init) => {
    const path = input as string;
    const method = init?.method ?? 'GET';
    if (method === 'GET' && path === '/api/user/webhooks')
      return Promise.resolve(json({ webhooks: state.hooks }));
    if (method === 'GET' && path.endsWith('/deliveries'))
      return Promise.resolve(json({ deliveries: path.includes('/w1/') ? state.deliveries : [] }));
    if (method === 'POST' && path === '/api/user/webhooks') {
      const body = JSON.parse(init?.body as string) as { url: string; events: Webhook['events'] };
      if (!body.url.startsWith('https://'))
        return Promise.resolve(json({ error: 'validation_error', message: WEBHOOK_URL_REFUSED }, 400));
      const made = { id: 'w2', ...body, createdAt: '2030-01-03T00:00:00.000Z' };
      state.hooks = [made, ...state.hooks];
      return Promise.resolve(json({ webhook: made, secret: 'whsec_c2VjcmV0' }, 201));
    }
    if (method === 'POST' && path.endsWith('/replay')) {
      state.deliveries = [{ ...failed, status: 'delivered', attempts: 10, lastStatus: 200, lastError: null }];
      return Promise.resolve(json(state.deliveries[0]));
    }
    if (method === 'DELETE') {
      state.hooks = state.hooks.filter((h) => !path.endsWith(`/${h.id}`));
      return Promise.resolve(json({ ok: true }));
    }
    return Promise.resolve(json({ error: 'not_found', message: 'no route' }, 404));
  });
}

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

function renderPart() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <WebhooksPart />
    </QueryClientProvider>,
  );
  return screen.getByRole('list', { name: T.listLabel });
}

describe('WebhooksPart', () => {
  it('adds an https endpoint with the chosen events and shows its secret once, with a copy button', async () => {
    serve({ hooks: [], deliveries: [] });
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const list = renderPart();
    await within(list).findByText(T.none);
    fireEvent.change(screen.getByLabelText(T.urlLabel), { target: { value: 'https://hooks.example.com/a' } });
    fireEvent.click(screen.getByRole('checkbox', { name: T.events['edit.finished'] }));
    fireEvent.click(screen.getByRole('button', { name: T.add }));
    const secret = await screen.findByTestId('new-webhook-secret');
    expect(secret.textContent).toBe('whsec_c2VjcmV0');
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(post?.[1]?.body as string)).toEqual({
      url: 'https://hooks.example.com/a',
      events: ['project.finished', 'project.failed', 'edit.finished'],
    });
    fireEvent.click(screen.getByRole('button', { name: T.copy }));
    await screen.findByRole('button', { name: T.copied });
    expect(writeText).toHaveBeenCalledWith('whsec_c2VjcmV0');
    await within(list).findByText('https://hooks.example.com/a');
    fireEvent.click(screen.getByRole('button', { name: T.done }));
    expect(screen.queryByTestId('new-webhook-secret')).toBeNull();
    expect(screen.queryByText('whsec_c2VjcmV0')).toBeNull();
  });

  it("refuses an http or private target with the server's sentence and keeps what was typed", async () => {
    serve({ hooks: [], deliveries: [] });
    renderPart();
    const url = screen.getByLabelText(T.urlLabel);
    fireEvent.change(url, { target: { value: 'http://127.0.0.1/hook' } });
    fireEvent.click(screen.getByRole('button', { name: T.add }));
    expect((await screen.findByRole('alert')).textContent).toBe(WEBHOOK_URL_REFUSED);
    expect((url as HTMLInputElement).value).toBe('http://127.0.0.1/hook');
    expect(screen.queryByTestId('new-webhook-secret')).toBeNull();
  });

  it("lists endpoints with their last delivery's status, and replays a delivery", async () => {
    serve({ hooks: [hook], deliveries: [failed] });
    const list = renderPart();
    await within(list).findByText(/Last delivery: Failed \(HTTP 500\)/);
    fireEvent.click(within(list).getByRole('button', { name: T.showDeliveries }));
    const deliveries = await screen.findByRole('list', { name: T.deliveriesLabel(hook.url) });
    fireEvent.click(
      within(deliveries).getByRole('button', {
        name: T.replayLabel(T.events['project.finished'], new Date(failed.createdAt).toLocaleString()),
      }),
    );
    await within(deliveries).findByText(/Delivered \(HTTP 200\)/);
    expect(calls()).toContain('POST /api/user/webhooks/w1/deliveries/msg_1/replay');
  });

  it('removes an endpoint', async () => {
    serve({ hooks: [hook], deliveries: [] });
    const list = renderPart();
    fireEvent.click(await within(list).findByRole('button', { name: `${T.remove} ${hook.url}` }));
    await within(list).findByText(T.none);
    expect(calls()).toContain('DELETE /api/user/webhooks/w1');
    expect(within(list).queryByText(hook.url)).toBeNull();
  });
});
