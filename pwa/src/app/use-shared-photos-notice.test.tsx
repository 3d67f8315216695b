import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { dismissToast, Toaster } from '../components/toast';
import { getToasts } from '../components/toast/toast-store';
import { useSharedPhotosNotice } from './use-shared-photos-notice';

function Page() {
  useSharedPhotosNotice();
  const { search } = useLocation();
  return <p>{`query [${search}]`}</p>;
}

const renderAt = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <Page />
      <Toaster />
    </MemoryRouter>,
  );

describe('the notice after a share into the app', () => {
  afterEach(() => act(() => getToasts().forEach((t) => dismissToast(t.id))));

  it('says how many photos were queued, once, and clears the address', async () => {
    renderAt('/app?shared=2&left=1');
    await screen.findByText('Photos added');
    screen.getByText(
      '2 photos added to the upload queue with your default options. 1 file was left out: a share takes up to 10 JPG, PNG or WebP photos.',
    );
    screen.getByText('query []');
  });

  it('says the photos were not received when the share reached the server, not the installed app', async () => {
    renderAt('/app?shared=unavailable');
    await screen.findByText('Photos not received');
    screen.getByText(/They are still on your device: choose them here, or share them again\./);
    expect(screen.queryByText('Nothing to upload')).toBeNull();
    screen.getByText('query []');
  });
});
