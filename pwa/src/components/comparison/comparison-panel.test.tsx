import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  STRUCTURE_CHANGES_HEADING,
  STRUCTURE_OPINION_PREFIX,
  STRUCTURE_WARNING,
  structureRestoredNote,
} from '@shared/domain';
import { CHANGES_LEGEND, ComparisonPanel, SHOW_CHANGES_LABEL } from './comparison-panel';
import { CHANGES_OVERLAY_ALT } from './comparison-slider';
import { FULLSCREEN_HINTS } from './comparison-fullscreen';

describe('ComparisonPanel', () => {
  it('titles itself with the project name and offers Download only with a handler', () => {
    const { rerender } = render(<ComparisonPanel beforeUrl="/b.jpg" afterUrl="/a.jpg" />);
    expect(screen.getByRole('heading', { name: 'Before & After Comparison' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download' })).toBeNull();
    const onDownload = vi.fn();
    rerender(
      <ComparisonPanel beforeUrl="/b.jpg" afterUrl="/a.jpg" projectName="Kitchen" onDownload={onDownload} />,
    );
    expect(screen.getByRole('heading', { name: 'Before & After Comparison - Kitchen' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(onDownload).toHaveBeenCalledWith(0);
    expect(screen.getByText('Before')).toBeTruthy();
    expect(screen.getByText('After')).toBeTruthy();
  });

  it('shows a variant picker for several results and compares the chosen one', () => {
    const onDownload = vi.fn();
    render(
      <ComparisonPanel
        beforeUrl="/b.jpg"
        afterUrl="/v0.jpg"
        variants={['/v0.jpg', '/v1.jpg', '/v2.jpg']}
        onDownload={onDownload}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Option 3' }));
    expect(screen.getByRole('button', { name: 'Option 3' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByAltText('Room after staging').getAttribute('src')).toBe('/v2.jpg');
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(onDownload).toHaveBeenCalledWith(2);
  });

  it("'Show changes' marks the After side only and lists the named changes and what was restored beside it", () => {
    const check = {
      changesUrl: '/c0.png',
      flagged: true,
      changes: ['The window on the left was covered or filled in.'],
      restored: ['the door in the middle'],
    };
    render(<ComparisonPanel beforeUrl="/b.jpg" afterUrl="/a.jpg" checks={[check]} initialSplit={40} />);
    expect(screen.getByText(structureRestoredNote(['the door in the middle']))).toBeTruthy();
    expect(screen.queryByRole('region', { name: STRUCTURE_CHANGES_HEADING })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: SHOW_CHANGES_LABEL }));
    const overlay = screen.getByAltText(CHANGES_OVERLAY_ALT);
    // Clipped to the right of the divider: the Before half shows the photo as it is.
    expect(overlay.style.clipPath).toBe('inset(0 0 0 40%)');
    const list = screen.getByRole('region', { name: STRUCTURE_CHANGES_HEADING });
    expect(list.textContent).toContain('The window on the left was covered or filled in.');
    expect(list.textContent).toContain(structureRestoredNote(['the door in the middle']));
  });

  it("'Show changes' overlays each result's change mask; a flagged result says so", () => {
    const { rerender } = render(<ComparisonPanel beforeUrl="/b.jpg" afterUrl="/a.jpg" />);
    // Without a structure check there is nothing to show.
    expect(screen.queryByRole('button', { name: SHOW_CHANGES_LABEL })).toBeNull();
    const checks = [
      { changesUrl: '/c0.png', flagged: false },
      { changesUrl: '/c1.png', flagged: true },
    ];
    rerender(
      <ComparisonPanel
        beforeUrl="/b.jpg"
        afterUrl="/v0.jpg"
        variants={['/v0.jpg', '/v1.jpg']}
        checks={checks}
      />,
    );
    const toggle = screen.getByRole('button', { name: SHOW_CHANGES_LABEL });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByAltText(CHANGES_OVERLAY_ALT)).toBeNull();
    expect(screen.queryByText(STRUCTURE_WARNING)).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByAltText(CHANGES_OVERLAY_ALT).getAttribute('src')).toBe('/c0.png');
    expect(screen.getByText(CHANGES_LEGEND)).toBeTruthy();
    // The overlay follows the chosen option, and a flagged option carries the warning.
    fireEvent.click(screen.getByRole('button', { name: 'Option 2' }));
    expect(screen.getByAltText(CHANGES_OVERLAY_ALT).getAttribute('src')).toBe('/c1.png');
    expect(screen.getByRole('note').textContent).toBe(STRUCTURE_WARNING);
    fireEvent.click(toggle);
    expect(screen.queryByAltText(CHANGES_OVERLAY_ALT)).toBeNull();
  });

  it('shows every multi-view option side by side, each with its own picture', () => {
    render(
      <ComparisonPanel beforeUrl="/b.jpg" afterUrl="/a.jpg" variants={['/a.jpg', '/b2.jpg', '/c.jpg']} />,
    );
    const options = within(screen.getByRole('group', { name: 'Staging options' })).getAllByRole('button');
    expect(options.map((o) => o.querySelector('img')?.getAttribute('src'))).toEqual([
      '/a.jpg',
      '/b2.jpg',
      '/c.jpg',
    ]);
    expect(options.map((o) => o.textContent)).toEqual(['Option 1', 'Option 2', 'Option 3']);
  });

  it('has no variant picker for a single result', () => {
    render(<ComparisonPanel beforeUrl="/b.jpg" afterUrl="/a.jpg" variants={['/a.jpg']} />);
    expect(screen.queryByRole('button', { name: 'Option 1' })).toBeNull();
  });

  it('opens fullscreen at the current split with its own slider and hints; ESC closes it', async () => {
    render(<ComparisonPanel beforeUrl="/b.jpg" afterUrl="/a.jpg" projectName="Bedroom" />);
    const inline = screen.getByRole('slider');
    fireEvent.keyDown(inline, { key: 'ArrowRight', shiftKey: true });
    expect(inline.getAttribute('aria-valuenow')).toBe('60');
    fireEvent.click(screen.getByRole('button', { name: 'Fullscreen' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Before & After Comparison - Bedroom');
    for (const hint of FULLSCREEN_HINTS) expect(dialog.textContent).toContain(hint);
    const own = screen.getByRole('slider', { name: /fullscreen/ });
    expect(own.getAttribute('aria-valuenow')).toBe('60');
    fireEvent.keyDown(own, { key: 'End' });
    expect(own.getAttribute('aria-valuenow')).toBe('100');
    expect(inline.getAttribute('aria-valuenow')).toBe('60');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('closes fullscreen with its close button', async () => {
    render(<ComparisonPanel beforeUrl="/b.jpg" afterUrl="/a.jpg" />);
    fireEvent.click(screen.getByRole('button', { name: 'Fullscreen' }));
    await screen.findByRole('dialog');
    fireEvent.click(screen.getByRole('button', { name: 'Close fullscreen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("lists the vision model's second opinion first beside the overlay, also for a result it cleared", () => {
    const opinion = 'The room is as it was: only furniture and decor were added.';
    render(
      <ComparisonPanel
        beforeUrl="/b.jpg"
        afterUrl="/a.jpg"
        checks={[{ changesUrl: '/m.png', flagged: false, changes: [], restored: [], opinion }]}
      />,
    );
    expect(screen.queryByRole('region', { name: STRUCTURE_CHANGES_HEADING })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: SHOW_CHANGES_LABEL }));
    const list = screen.getByRole('region', { name: STRUCTURE_CHANGES_HEADING });
    expect(list.querySelector('li')?.textContent).toBe(`${STRUCTURE_OPINION_PREFIX}${opinion}`);
    expect(screen.queryByText(STRUCTURE_WARNING)).toBeNull();
  });
});
