import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render as renderPlain, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { DEFAULT_STAGING_OPTIONS, type StagingOptions } from '../staging-options';
import { StagingOptionsPanel } from './staging-options-panel';
import { CONCEPT_LABEL } from '@shared/domain';
import { projectUploadFields } from '../../../offline/uploads';
import { WORKSPACE_TEXTS } from '../workspace-messages';

/** The style picker asks for the plan (signed out here: the free styles, the others locked). */
const render = (ui: ReactElement) =>
  renderPlain(<QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>);

function Harness({
  busy = false,
  onGenerate = () => undefined,
  spy,
}: {
  busy?: boolean;
  onGenerate?: () => void;
  spy?: (o: StagingOptions) => void;
}) {
  const [value, setValue] = useState(DEFAULT_STAGING_OPTIONS);
  return (
    <StagingOptionsPanel
      value={value}
      onChange={(o) => {
        spy?.(o);
        setValue(o);
      }}
      onGenerate={onGenerate}
      busy={busy}
      generateLabel="Generate Staging"
    />
  );
}

describe('StagingOptionsPanel', () => {
  it('shows every mode, room, style and palette with the product labels', () => {
    render(<Harness />);
    for (const name of [
      'Stage',
      'Unstage',
      'Multi-view',
      'Modern',
      'Industrial',
      'Warm Neutrals',
      'Navy & Gold',
      'Coastal',
    ]) {
      expect(screen.getByRole('radio', { name })).toBeTruthy();
    }
    expect(screen.getByRole('option', { name: 'Home Office' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLSelectElement>('Room type').value).toBe('living-room');
    expect(screen.getByRole('radio', { name: 'Modern' }).getAttribute('aria-checked')).toBe('true');
  });

  it('hides style and palette in unstage mode and brings them back', () => {
    const spy = vi.fn();
    render(<Harness spy={spy} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Unstage' }));
    expect(spy).toHaveBeenLastCalledWith(expect.objectContaining({ stagingMode: 'unstage' }));
    expect(screen.queryByText('Style preset')).toBeNull();
    expect(screen.queryByRole('radio', { name: 'Modern' })).toBeNull();
    expect(screen.queryByRole('radio', { name: 'Warm Neutrals' })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Multi-view' }));
    expect(screen.getByRole('radio', { name: 'Scandinavian' })).toBeTruthy();
  });

  it('edits room type, palette and prompt', () => {
    const spy = vi.fn();
    render(<Harness spy={spy} />);
    fireEvent.change(screen.getByLabelText('Room type'), { target: { value: 'kitchen' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Forest Green' }));
    fireEvent.change(screen.getByLabelText(/Custom prompt/), { target: { value: 'a green sofa' } });
    expect(spy).toHaveBeenLastCalledWith({
      ...DEFAULT_STAGING_OPTIONS,
      roomType: 'kitchen',
      colorPalette: 'forest-green',
      customPrompt: 'a green sofa',
    });
  });

  it('offers a free restyle as a design concept, off by default and not when unstaging; it goes with the upload', () => {
    const spy = vi.fn();
    render(<Harness spy={spy} />);
    const free = screen.getByRole('checkbox', { name: WORKSPACE_TEXTS.freeRestyle });
    expect((free as HTMLInputElement).checked).toBe(false);
    expect(free.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(WORKSPACE_TEXTS.freeRestyleHint).textContent).toContain(CONCEPT_LABEL);
    fireEvent.click(free);
    expect(spy).toHaveBeenLastCalledWith({ ...DEFAULT_STAGING_OPTIONS, freeRestyle: true });
    const upload = { ...DEFAULT_STAGING_OPTIONS, freeRestyle: true, name: 'Living Room' };
    expect(projectUploadFields(upload).freeRestyle).toBe('true');
    expect(projectUploadFields({ ...upload, stagingMode: 'unstage' }).freeRestyle).toBeUndefined();
    expect(projectUploadFields({ ...upload, freeRestyle: false }).freeRestyle).toBeUndefined();
    fireEvent.click(screen.getByRole('radio', { name: 'Unstage' }));
    expect(screen.queryByRole('checkbox', { name: WORKSPACE_TEXTS.freeRestyle })).toBeNull();
  });

  it('disables every control and the generate button while busy', () => {
    const onGenerate = vi.fn();
    render(<Harness busy onGenerate={onGenerate} />);
    const button = screen.getByRole('button', { name: 'Processing...' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(button);
    expect(onGenerate).not.toHaveBeenCalled();
    expect(screen.getByLabelText<HTMLSelectElement>('Room type').disabled).toBe(true);
    expect(screen.getByLabelText<HTMLTextAreaElement>(/Custom prompt/).disabled).toBe(true);
    expect(screen.getByRole('radio', { name: 'Unstage' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('generates when not busy', () => {
    const onGenerate = vi.fn();
    render(<Harness onGenerate={onGenerate} />);
    fireEvent.click(screen.getByRole('button', { name: 'Generate Staging' }));
    expect(onGenerate).toHaveBeenCalledOnce();
  });
});
