import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { EngineKind } from '@shared/domain';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { HelpDialogButton } from './help-dialog';

function openHelp(engine: EngineKind) {
  vi.stubGlobal('fetch', (path: string) =>
    Promise.resolve(
      new Response(
        JSON.stringify(
          path === '/api/public-config'
            ? {
                supportEmail: 'help@example.com',
                signInProviders: ['email and password'],
                paymentsEnabled: false,
                stripePublishableKey: null,
                engine,
              }
            : { error: 'not_found', message: 'Not found.' },
        ),
        {
          status: path === '/api/public-config' ? 200 : 404,
          headers: { 'Content-Type': 'application/json' },
        },
      ),
    ),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <HelpDialogButton />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Help' }));
}

afterEach(() => vi.unstubAllGlobals());

describe('Help dialog', () => {
  it('does not claim a detection in preview mode: the user chooses the room type', async () => {
    openHelp('preview');
    const dialog = await screen.findByRole('dialog', { name: 'How to stage a room' });
    await within(dialog).findByText(
      'Choose the room type (preview mode cannot recognise rooms), then a mode.',
    );
    expect(within(dialog).queryByText(/We detect the room type/)).toBeNull();
  });

  it('says the room type is detected when an AI provider stages rooms', async () => {
    openHelp('openai');
    const dialog = await screen.findByRole('dialog', { name: 'How to stage a room' });
    await within(dialog).findByText('We detect the room type; check it and choose a mode.');
  });
});
