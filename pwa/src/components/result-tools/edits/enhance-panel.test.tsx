import type { EditRequest } from '@shared/api';
import { EDIT_KIND_TABLE, editModeNotice, mlsProfile } from '@shared/domain';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EDIT_TEXTS } from './edit-texts';
import { EnhancePanel } from './enhance-panel';

const modes = () =>
  within(screen.getByRole('group', { name: EDIT_TEXTS.enhanceMode }))
    .getAllByRole('button')
    .map((b) => b.textContent);

describe('EnhancePanel', () => {
  it('offers dusk, sky and lawn on an exterior, and sends the chosen preset', () => {
    const onApply = vi.fn<(r: EditRequest) => void>();
    render(<EnhancePanel roomType="exterior" busy={false} onApply={onApply} />);
    expect(modes()).toEqual([
      EDIT_KIND_TABLE.dusk.label,
      EDIT_KIND_TABLE.sky.label,
      EDIT_KIND_TABLE.lawn.label,
    ]);
    fireEvent.click(screen.getByRole('button', { name: EDIT_KIND_TABLE.sky.label }));
    fireEvent.click(screen.getByRole('radio', { name: 'Sunset' }));
    fireEvent.click(
      screen.getByRole('button', { name: `${EDIT_TEXTS.apply}: ${EDIT_KIND_TABLE.sky.label}` }),
    );
    expect(onApply).toHaveBeenCalledWith({ kind: 'sky', preset: 'Sunset' });
  });

  it('offers paint and floor in a room; paint sends a named colour or one from the picker', () => {
    const onApply = vi.fn<(r: EditRequest) => void>();
    render(<EnhancePanel roomType="bedroom" busy={false} onApply={onApply} />);
    expect(modes()).toEqual([EDIT_KIND_TABLE.paint.label, EDIT_KIND_TABLE.floor.label]);
    fireEvent.click(screen.getByRole('button', { name: EDIT_KIND_TABLE.paint.label }));
    fireEvent.click(screen.getByRole('radio', { name: 'Sage green' }));
    const apply = screen.getByRole('button', { name: `${EDIT_TEXTS.apply}: ${EDIT_KIND_TABLE.paint.label}` });
    fireEvent.click(apply);
    expect(onApply).toHaveBeenLastCalledWith({ kind: 'paint', colour: '#B2BCA5' });
    fireEvent.change(screen.getByLabelText(EDIT_TEXTS.colourPicker), { target: { value: '#123456' } });
    fireEvent.click(apply);
    expect(onApply).toHaveBeenLastCalledWith({ kind: 'paint', colour: '#123456' });
  });

  it("says before the edit is sent when the agent's MLS bans the mode (paint on CRMLS), and nothing for Other", () => {
    const onApply = vi.fn<(r: EditRequest) => void>();
    const { unmount } = render(
      <EnhancePanel roomType="bedroom" busy={false} onApply={onApply} mls={mlsProfile('crmls')} />,
    );
    fireEvent.click(screen.getByRole('button', { name: EDIT_KIND_TABLE.paint.label }));
    const note = screen.getByRole('note');
    expect(note.textContent).toBe(editModeNotice(mlsProfile('crmls'), 'paint'));
    expect(note.textContent).toMatch(/^CRMLS \(California Regional MLS\) does not allow wall colour changed/);
    expect(onApply).not.toHaveBeenCalled();
    unmount();
    render(<EnhancePanel roomType="bedroom" busy={false} onApply={onApply} mls={mlsProfile('other')} />);
    fireEvent.click(screen.getByRole('button', { name: EDIT_KIND_TABLE.paint.label }));
    expect(screen.queryByRole('note')).toBeNull();
  });
});
