import { onlineManager, QueryClientProvider } from '@tanstack/react-query';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, Toaster } from '../../components/toast';
import { getToasts } from '../../components/toast/toast-store';
import { createQueryClient } from '../../lib/query-client';
import { destroyDb, getDraft } from '../../offline/db';
import { enqueueRequest, listOutboxItems, putOutbox } from '../../offline/outbox';
import { CONTACT_OUTBOX_KIND } from './api/send-contact-message';
import { ContactPage } from './contact-page';

// The page is large and jsdom's role queries are slow on a busy machine.
configure({ asyncUtilTimeout: 5000 });

type Handler = (init: RequestInit) => Promise<Response> | Response;
let contactHandler: Handler;
const fetchMock = vi.fn((url: string, init: RequestInit = {}) => {
  if (url === '/api/public-config')
    return Promise.resolve(
      Response.json({
        supportEmail: 'help@agency.example',
        signInProviders: ['email and password'],
        paymentsEnabled: false,
        stripePublishableKey: null,
        engine: 'preview',
      }),
    );
  if (url === '/api/contact') return Promise.resolve(contactHandler(init));
  return Promise.resolve(new Response('not found', { status: 404 }));
});

function renderPage() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/contact']}>
        <Routes>
          <Route path="/contact" element={<ContactPage />} />
          <Route path="/help" element={<p>Help Center page</p>} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

const input = (name: string) => screen.getByLabelText<HTMLInputElement>(name);
function fill() {
  fireEvent.change(input('Name'), { target: { value: 'Ana Agent' } });
  fireEvent.change(input('Email'), { target: { value: 'ana@example.com' } });
  fireEvent.change(input('Subject'), { target: { value: 'Garage staging' } });
  fireEvent.change(input('Message'), { target: { value: 'Can you stage a garage?' } });
  fireEvent.change(input('Category'), { target: { value: 'technical' } });
}
const submit = () => fireEvent.submit(screen.getByRole('form', { name: 'Send us a message' }));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  contactHandler = () => Response.json({ ok: true }, { status: 201 });
});
afterEach(async () => {
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
  fetchMock.mockClear();
  act(() => getToasts().forEach((t) => dismissToast(t.id)));
  await destroyDb();
});

describe('ContactPage', () => {
  it('shows the support address from the server, hours, office, topics, FAQs and the form fields', async () => {
    renderPage();
    const mail = await screen.findByText('help@agency.example');
    expect(mail.getAttribute('href')).toBe('mailto:help@agency.example');
    expect(screen.getByText('Monday to Friday, 9:00 AM to 6:00 PM PST')).toBeTruthy();
    expect(screen.getByText('San Francisco, CA')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Visit our Help Center/ }).getAttribute('href')).toBe('/help');
    expect(
      within(screen.getByRole('region', { name: 'How can we help?' })).getAllByRole('button'),
    ).toHaveLength(4);
    expect(screen.getByRole('link', { name: 'View All FAQs' }).getAttribute('href')).toBe('/help');

    const category = input('Category') as unknown as HTMLSelectElement;
    expect(category.value).toBe('general');
    expect([...category.options].map((o) => o.text)).toEqual([
      'General Question',
      'Technical Support',
      'Billing & Subscriptions',
      'Feature Request',
      'Bug Report',
      'Partnership Inquiry',
    ]);
    expect(screen.getByLabelText<HTMLTextAreaElement>('Message').rows).toBe(5);
    for (const name of ['Name', 'Email', 'Subject', 'Message']) expect(input(name).required).toBe(true);
    expect(input('Email').type).toBe('email');
  });

  it("sends the message, shows 'Sending...', then clears the form and shows the success toast", async () => {
    let answer!: (r: Response) => void;
    contactHandler = () => new Promise<Response>((r) => (answer = r));
    renderPage();
    fill();
    submit();
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeTruthy();
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/contact')!;
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(init?.body as string)).toEqual({
      name: 'Ana Agent',
      email: 'ana@example.com',
      subject: 'Garage staging',
      message: 'Can you stage a garage?',
      category: 'technical',
    });
    act(() => answer(Response.json({ ok: true }, { status: 201 })));
    expect(await screen.findByText('Message sent successfully!')).toBeTruthy();
    expect(screen.getByText("We'll get back to you within 24 hours.")).toBeTruthy();
    expect(input('Name').value).toBe('');
    expect(input('Category').value).toBe('general');
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeTruthy();
  });

  it('keeps the message in the outbox when the server cannot be reached, and says so', async () => {
    contactHandler = () => Promise.reject(new TypeError('Failed to fetch'));
    // The browser says it is offline: the send must still be attempted and queued, not paused.
    onlineManager.setOnline(false);
    renderPage();
    fill();
    submit();
    expect(await screen.findByText('Message saved')).toBeTruthy();
    expect(input('Subject').value).toBe('');
    const queued = await listOutboxItems(CONTACT_OUTBOX_KIND);
    expect(queued).toHaveLength(1);
    expect(queued[0]?.body).toMatchObject({ subject: 'Garage staging' });
    expect(await screen.findByText(/1 message is waiting to be sent/)).toBeTruthy();
  });

  it("shows the server's sentence on a 4xx and keeps what was typed", async () => {
    contactHandler = () =>
      Response.json({ error: 'rate_limited', message: 'Please wait a while.' }, { status: 429 });
    renderPage();
    fill();
    submit();
    const form = screen.getByRole('form', { name: 'Send us a message' });
    expect((await within(form).findByRole('alert')).textContent).toBe('Please wait a while.');
    expect(input('Subject').value).toBe('Garage staging');
    expect(await listOutboxItems()).toEqual([]);
  });

  it('keeps the draft across a reload', async () => {
    const first = renderPage();
    fireEvent.change(input('Subject'), { target: { value: 'Half written' } });
    fireEvent.change(input('Category'), { target: { value: 'billing' } });
    await waitFor(() => expect(getDraft('contact')).resolves.toMatchObject({ subject: 'Half written' }));
    first.unmount();
    renderPage();
    await waitFor(() => expect(input('Subject').value).toBe('Half written'));
    expect(input('Category').value).toBe('billing');
  });

  it('a topic card picks the category', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /Partnership Inquiry/ }));
    expect(input('Category').value).toBe('partnership');
    expect(screen.getByRole('button', { name: /Partnership Inquiry/ }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('puts a message the server refused back into the form', async () => {
    const body = {
      name: 'Bo',
      email: 'bo@example.com',
      subject: 'Refused',
      message: 'Hello',
      category: 'bug',
    };
    const item = await enqueueRequest({ kind: CONTACT_OUTBOX_KIND, path: '/api/contact', body });
    await putOutbox({ ...item, status: 'failed', lastError: 'email: Please enter a valid email address.' });
    renderPage();
    expect(await screen.findByText('email: Please enter a valid email address.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit and resend' }));
    await waitFor(() => expect(input('Subject').value).toBe('Refused'));
    expect(input('Category').value).toBe('bug');
    await waitFor(() => expect(screen.queryByText('Edit and resend')).toBeNull());
  });
});
