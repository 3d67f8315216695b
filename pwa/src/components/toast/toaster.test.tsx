import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SheetDialog } from '../sheet-dialog';
import { Toaster } from './toaster';
import { dismissToast, getToasts, showToast } from './toast-store';

function Page({ sheetOpen }: { sheetOpen: boolean }) {
  return (
    <>
      <main>The page</main>
      <SheetDialog open={sheetOpen} onClose={() => undefined}>
        <button type="button">Maybe Later</button>
      </SheetDialog>
      <Toaster />
    </>
  );
}

/** Made inert or hidden by a dialog, itself or through an ancestor (jsdom has only the `inert` property). */
function shut(el: Element | null): boolean {
  for (let e = el; e; e = e.parentElement) {
    if ((e as HTMLElement).inert || e.getAttribute('aria-hidden') === 'true') return true;
  }
  return false;
}

const viewport = () => screen.getByRole('list', { name: 'Notifications (F8)' });

afterEach(() => {
  for (const t of getToasts()) dismissToast(t.id);
});

describe('Toaster', () => {
  it('stays usable while a dialog makes the page inert, and can be closed without closing the dialog', async () => {
    render(<Page sheetOpen />);
    await screen.findByRole('button', { name: 'Maybe Later' });
    act(() => void showToast({ title: 'Batch Processing Complete' }));
    await waitFor(() => expect(shut(screen.getByText('The page'))).toBe(true));
    expect(shut(screen.getByText('Batch Processing Complete'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(getToasts()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Maybe Later' })).toBeTruthy();
  });

  it('moves to the top on phones while a sheet is open, and back to the bottom after', () => {
    const { rerender } = render(<Page sheetOpen={false} />);
    expect(viewport().className).toMatch(/(^| )bottom-0( |$)/);
    expect(viewport().className).not.toMatch(/(^| )top-0( |$)/);
    rerender(<Page sheetOpen />);
    expect(viewport().className).toMatch(/(^| )top-0 sm:top-auto sm:bottom-0( |$)/);
    rerender(<Page sheetOpen={false} />);
    expect(viewport().className).not.toMatch(/(^| )top-0( |$)/);
  });
});
