import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProvenanceCheck as Reading } from '@shared/api';
import { createQueryClient } from '../../../lib/query-client';
import { ProvenanceCheck } from './provenance-check';
import { PROVENANCE_CHECK_TEXTS as T } from './provenance-check-texts';

const CODE = 'abcdefgh23';

function stubCheck(reading: Reading) {
  const sent: { path: string; image: unknown }[] = [];
  vi.stubGlobal('fetch', (path: string, init: RequestInit = {}) => {
    sent.push({ path, image: (init.body as FormData).get('image') });
    return Promise.resolve(
      new Response(JSON.stringify(reading), { headers: { 'Content-Type': 'application/json' } }),
    );
  });
  return sent;
}

function pick() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ProvenanceCheck code={CODE} />
    </QueryClientProvider>,
  );
  const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'listing.jpg', { type: 'image/jpeg' });
  fireEvent.change(screen.getByLabelText(T.pick), { target: { files: [photo] } });
  return photo;
}

describe('checking a listing photo on its original page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the photo and says it is signed and made from this original', async () => {
    const sent = stubCheck({ c2pa: 'valid-untrusted', watermark: { code: CODE, originalUrl: `/o/${CODE}` } });
    const photo = pick();
    expect(await screen.findByText(T.c2pa['valid-untrusted'])).toBeTruthy();
    expect(screen.getByText(T.thisOriginal)).toBeTruthy();
    expect(sent).toEqual([{ path: '/api/provenance', image: photo }]);
  });

  it('names another original, or says the photo carries nothing of ours', async () => {
    stubCheck({ c2pa: 'invalid', watermark: { code: 'zzzzzzzz22', originalUrl: '/o/zzzzzzzz22' } });
    pick();
    expect(await screen.findByText(T.c2pa.invalid)).toBeTruthy();
    expect(screen.getByRole('link', { name: '/o/zzzzzzzz22' })).toBeTruthy();
  });

  it('says so when nothing is found', async () => {
    stubCheck({ c2pa: 'none', watermark: null });
    pick();
    expect(await screen.findByText(T.c2pa.none)).toBeTruthy();
    expect(screen.getByText(T.noMark)).toBeTruthy();
  });
});
