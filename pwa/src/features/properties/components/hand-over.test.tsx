import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Property } from '@shared/api';
import { STRUCTURE_ZIP_CONFIRM } from '@shared/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { jsonResponse } from '../../../testing/api';
import { signedInEachTest } from '../../../testing/property-page';
import {
  fakePropertyApi,
  propertyPath,
  roomProject,
  testProperty,
  testRoom,
} from '../../../testing/properties';
import { HandOver } from './hand-over';

const LINK = { token: 'ZyXwVuTsRqPoNmLkJiHgFeDc', url: 'http://app.test/p/ZyXwVuTsRqPoNmLkJiHgFeDc' };
const DOWNLOAD = `GET ${propertyPath}/download`;
const staged = testProperty([testRoom(1, { project: roomProject('completed') }), testRoom(2)]);

let saved: string[] = [];
beforeEach(() => {
  saved = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return () => vi.restoreAllMocks();
});

const renderHandOver = (property: Property = staged) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <HandOver property={property} />
    </QueryClientProvider>,
  );
const downloadButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Download ZIP' });
/** Every call but the share-link reads and the owner's MLS (read for the rules shown), as `METHOD path`. */
const asked = (api: ReturnType<typeof fakePropertyApi>) =>
  api.calls
    .filter((c) => !(c.method === 'GET' && (c.path.endsWith('/share') || c.path === '/api/user/preferences')))
    .map((c) => `${c.method} ${c.path}`);

describe('hand-over: the ZIP download', () => {
  signedInEachTest();

  it('asks before it publishes a buyer link, saying the QR codes need that public page', async () => {
    const api = fakePropertyApi(staged);
    renderHandOver();
    fireEvent.click(downloadButton());
    const dialog = await screen.findByRole('dialog', { name: 'Create a public link for the QR codes?' });
    expect(dialog.textContent).toContain(
      'carries a QR code and a short web address that lead to a public page',
    );
    expect(asked(api)).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(asked(api)).toEqual([]);
    expect(saved).toEqual([]);

    fireEvent.click(downloadButton());
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Create link and download' }),
    );
    await waitFor(() => expect(saved).toEqual(['12-harbor-rd.zip']));
    expect(asked(api)).toEqual([`POST ${propertyPath}/share`, DOWNLOAD]);
    // The new link shows in the buyer card.
    expect(screen.getByLabelText<HTMLInputElement>('Buyer link').value).toBe(
      'http://app.test/p/AbCdEfGhIjKlMnOpQrStUv-_',
    );
  });

  it('downloads at once when the property already has a buyer link', async () => {
    const api = fakePropertyApi(staged, { link: LINK });
    renderHandOver();
    await screen.findByLabelText('Buyer link');
    fireEvent.click(downloadButton());
    await waitFor(() => expect(saved).toEqual(['12-harbor-rd.zip']));
    expect(asked(api)).toEqual([DOWNLOAD]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks again when the link was revoked meanwhile (the server answers not_shared)', async () => {
    const api = fakePropertyApi(staged, {
      link: LINK,
      answer: ({ path }) =>
        path.endsWith('/download')
          ? jsonResponse({ error: 'not_shared', message: 'Share the property first.' }, 409)
          : undefined,
    });
    renderHandOver();
    await screen.findByLabelText('Buyer link');
    fireEvent.click(downloadButton());
    expect(
      await screen.findByRole('dialog', { name: 'Create a public link for the QR codes?' }),
    ).toBeTruthy();
    expect(asked(api)).toEqual([DOWNLOAD]);
    expect(saved).toEqual([]);
  });

  it('names the rooms the structure check flagged and asks before anything else', async () => {
    const flagged = {
      score: 0.7,
      flagged: true,
      regions: [],
      changesUrl: '/api/projects/proj/images/changes',
      changes: [],
      restored: [],
      opinion: null,
    };
    const property = testProperty([
      testRoom(1, { project: roomProject('completed') }),
      testRoom(2, { project: roomProject('completed', { structure: [flagged] }) }),
    ]);
    const api = fakePropertyApi(property, { link: LINK });
    renderHandOver(property);
    await screen.findByLabelText('Buyer link');
    fireEvent.click(downloadButton());
    const dialog = await screen.findByRole('dialog', { name: STRUCTURE_ZIP_CONFIRM.title });
    expect(dialog.textContent).toContain('in Room 2.');
    expect(dialog.textContent).not.toContain('Room 1');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(asked(api)).toEqual([]);

    fireEvent.click(downloadButton());
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: STRUCTURE_ZIP_CONFIRM.confirm }),
    );
    await waitFor(() => expect(saved).toEqual(['12-harbor-rd.zip']));
    expect(asked(api)).toEqual([DOWNLOAD]);
  });

  it('waits for a staged room before it offers the ZIP', () => {
    const api = fakePropertyApi(testProperty([testRoom(1)]));
    renderHandOver(api.state.property);
    expect(downloadButton().disabled).toBe(true);
    expect(screen.getByText('Stage at least one room to download the listing photos.')).toBeTruthy();
  });
});
