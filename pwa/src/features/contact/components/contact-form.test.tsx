import { CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX, CONTACT_SUBJECT_MAX } from '@shared/api';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { EMPTY_CONTACT_DRAFT, type ContactDraft } from '../contact-draft';
import { ContactForm } from './contact-form';

const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(Response.json({ ok: true }, { status: 201 })));
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

function Harness() {
  const [draft, setDraft] = useState<ContactDraft>(EMPTY_CONTACT_DRAFT);
  return (
    <ContactForm
      draft={draft}
      update={(patch) => setDraft((d) => ({ ...d, ...patch }))}
      reset={() => Promise.resolve(setDraft(EMPTY_CONTACT_DRAFT))}
    />
  );
}

function renderForm() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Harness />
    </QueryClientProvider>,
  );
}

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
/** What the user typed, as the browser reports it (input, then React's change). */
const type = (label: string, value: string) => fireEvent.input(field(label), { target: { value } });
const submit = () => fireEvent.submit(screen.getByRole('form', { name: 'Send us a message' }));
/** The texts the field points at with aria-describedby. */
const describedBy = (label: string) =>
  (field(label).getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

describe('ContactForm field messages', () => {
  it('shows what the browser let through but the schema refuses under each field, and focuses the first', () => {
    renderForm();
    type('Name', '   ');
    type('Email', 'ana@x');
    type('Subject', 'Garage staging');
    type('Message', 'x'.repeat(CONTACT_MESSAGE_MAX + 1));
    submit();

    expect(describedBy('Name')).toEqual(['Please enter your name.']);
    expect(describedBy('Email')).toEqual(['Please enter a valid email address.']);
    expect(describedBy('Message')[0]).toBe('Please shorten the message to 5000 characters.');
    for (const invalid of ['Name', 'Email', 'Message'])
      expect(field(invalid).getAttribute('aria-invalid')).toBe('true');
    expect(field('Subject').getAttribute('aria-invalid')).toBeNull();
    expect(describedBy('Subject')).toEqual([]);
    expect(document.activeElement).toBe(field('Name'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks a field the user typed in when they leave it, and drops the message once it is fixed', () => {
    renderForm();
    fireEvent.focus(field('Email'));
    fireEvent.blur(field('Email'));
    expect(field('Email').getAttribute('aria-invalid')).toBeNull();

    type('Email', 'ana@x');
    expect(describedBy('Email')).toEqual([]);
    fireEvent.blur(field('Email'));
    expect(describedBy('Email')).toEqual(['Please enter a valid email address.']);

    type('Email', 'ana@example.com');
    expect(describedBy('Email')).toEqual([]);
    expect(field('Email').getAttribute('aria-invalid')).toBeNull();
  });

  it('sends once every field passes and clears the messages with the form', async () => {
    renderForm();
    type('Name', ' ');
    submit();
    expect(describedBy('Name')).toEqual(['Please enter your name.']);
    type('Name', 'Ana Agent');
    type('Email', 'ana@example.com');
    type('Subject', 'Garage staging');
    type('Message', 'Can you stage a garage?');
    submit();
    await vi.waitFor(() => expect(field('Name').value).toBe(''));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(field('Name').getAttribute('aria-invalid')).toBeNull();
  });

  it("takes its length limits from the schema and counts the message's characters", () => {
    renderForm();
    expect(field('Name').maxLength).toBe(CONTACT_NAME_MAX);
    expect(field('Subject').maxLength).toBe(CONTACT_SUBJECT_MAX);
    expect(field('Message').maxLength).toBe(CONTACT_MESSAGE_MAX);
    expect(describedBy('Message')).toEqual(['0 / 5,000 characters']);
    type('Message', 'Hello');
    expect(describedBy('Message')).toEqual(['5 / 5,000 characters']);
  });
});
