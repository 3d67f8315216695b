import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FieldError } from './field-error';
import { useFieldErrors } from './use-field-errors';

const schema = z.object({
  title: z.string().trim().min(1, { message: 'Please enter a title.' }),
  plan: z.literal('pro', { message: 'Only Pro can do this.' }),
});
const FIELDS = ['title'] as const;

function TitleForm({ onSent }: { onSent: (v: unknown) => void }) {
  const [values, setValues] = useState({ title: '', plan: 'free' });
  const form = useFieldErrors({ schema, values, fields: FIELDS, idPrefix: 't' });
  return (
    <form
      aria-label="New project"
      onSubmit={(e) => {
        e.preventDefault();
        const sent = form.submit();
        if (sent) onSent(sent);
      }}
    >
      <label htmlFor={form.id('title')}>Title</label>
      <input
        {...form.control('title', 't-hint')}
        value={values.title}
        onChange={(e) => setValues((v) => ({ ...v, title: e.target.value }))}
      />
      <p id="t-hint">A short title.</p>
      <FieldError id={form.errorId('title')} message={form.error('title')} />
      {form.formError && <p role="alert">{form.formError}</p>}
      <button type="button" onClick={() => setValues((v) => ({ ...v, plan: 'pro' }))}>
        Go Pro
      </button>
      <button type="button" onClick={form.reset}>
        Reset
      </button>
    </form>
  );
}

describe('useFieldErrors', () => {
  it('puts a field message under its field, a message no field shows above, and sends parsed values', () => {
    const sent: unknown[] = [];
    render(<TitleForm onSent={(v) => sent.push(v)} />);
    const title = screen.getByLabelText('Title');
    expect(title.getAttribute('aria-describedby')).toBe('t-hint');

    fireEvent.submit(screen.getByRole('form'));
    expect(title.getAttribute('aria-describedby')).toBe('t-title-error t-hint');
    expect(document.getElementById('t-title-error')?.textContent).toBe('Please enter a title.');
    expect(screen.getByRole('alert').textContent).toBe('Only Pro can do this.');
    expect(document.activeElement).toBe(title);

    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(title.getAttribute('aria-invalid')).toBeNull();

    fireEvent.input(title, { target: { value: '  Loft  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Go Pro' }));
    fireEvent.submit(screen.getByRole('form'));
    expect(sent).toEqual([{ title: 'Loft', plan: 'pro' }]);
  });
});
