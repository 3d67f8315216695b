import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ProjectStatusResponse } from '@shared/api';
import type { RoomDetection } from '@shared/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BatchOutcome } from '../batch-runner';
import { useBatch, type BatchServices, type PhotoRefused } from '../use-batch';
import { BatchPanel } from './batch-panel';

const file = (name: string, type = 'image/jpeg') => new File([new Uint8Array(2048)], name, { type });
const completed: ProjectStatusResponse = {
  status: 'completed',
  progress: '100',
  stagedImageUrl: '/s.jpg',
  error: null,
  draft: [],
};

function Harness({
  services,
  onView = () => undefined,
  onDone = () => undefined,
}: {
  services: BatchServices;
  onView?: (id: string) => void;
  onDone?: (outcome: BatchOutcome) => void;
}) {
  const batch = useBatch(services);
  return (
    <>
      <button type="button" onClick={() => void batch.start().then(onDone)}>
        Start
      </button>
      <BatchPanel
        items={batch.items}
        running={batch.running}
        notice={batch.notice}
        batchRoomType="living-room"
        onRoomType={batch.setRoomType}
        onAddFiles={batch.addFiles}
        onRemove={batch.remove}
        onClear={batch.clear}
        onRetry={(id) => void batch.retry(id)}
        onView={onView}
      />
    </>
  );
}

const pick = (files: File[]) =>
  fireEvent.change(screen.getByLabelText('Choose room photos'), { target: { files } });

beforeEach(() => {
  URL.createObjectURL = vi.fn((f: Blob) => `blob:${(f as File).name}`);
  URL.revokeObjectURL = vi.fn();
});

describe('BatchPanel with useBatch', () => {
  it('keeps the first 10 photos and says how many were left out', () => {
    render(<Harness services={{ createProject: vi.fn(), getStatus: vi.fn() }} />);
    pick(Array.from({ length: 12 }, (_, i) => file(`room-${i}.jpg`)));
    expect(within(screen.getByRole('list', { name: 'Batch items' })).getAllByRole('listitem')).toHaveLength(
      10,
    );
    expect(screen.getByRole('status').textContent).toBe('A batch holds at most 10 images: 2 were left out.');
    expect(screen.getByText('room-0')).toBeTruthy();
    expect(screen.queryByText('room-10')).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Choose room photos').disabled).toBe(true);
  });

  it('runs, counts, offers View on completed items and Retry on the failed one', async () => {
    let failB = true;
    const services: BatchServices = {
      sleep: () => Promise.resolve(),
      createProject: (item) =>
        item.name === 'b' && failB
          ? Promise.reject(new Error('This file type is not supported.'))
          : Promise.resolve({ id: `p-${item.name}` }),
      getStatus: () => Promise.resolve(completed),
    };
    const onView = vi.fn();
    render(<Harness services={services} onView={onView} />);
    pick([file('a.jpg'), file('b.jpg'), file('c.png', 'image/png')]);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Start' }));
      await Promise.resolve();
    });
    await screen.findByText('Completed: 2');
    expect(screen.getByText('Failed: 1')).toBeTruthy();
    expect(screen.getByText('This file type is not supported.')).toBeTruthy();
    expect(
      screen.getByRole('progressbar', { name: 'Overall batch progress' }).getAttribute('aria-valuenow'),
    ).toBe('67');
    fireEvent.click(screen.getByRole('button', { name: 'View a' }));
    expect(onView).toHaveBeenCalledWith('p-a');

    failB = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry b' }));
    await screen.findByText('Completed: 3');
    expect(screen.getByText('Failed: 0')).toBeTruthy();
  });

  it('shows a photo kept by the upload queue as waiting, not failed, and completes it once uploaded', async () => {
    let upload: (p: { id: string }) => void = () => undefined;
    const services: BatchServices = {
      sleep: () => Promise.resolve(),
      createProject: () =>
        Promise.resolve({
          waiting: 'Waiting for connection',
          uploaded: new Promise<{ id: string }>((resolve) => (upload = resolve)),
        }),
      getStatus: () => Promise.resolve(completed),
    };
    render(<Harness services={services} />);
    pick([file('hall.jpg')]);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Start' }));
      await Promise.resolve();
    });
    await screen.findByText('Waiting for connection');
    expect(screen.getByText('Failed: 0')).toBeTruthy();
    expect(screen.getByText('Pending: 1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry hall' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove hall' })).toBeNull();
    await act(async () => {
      upload({ id: 'p-hall' });
      await Promise.resolve();
    });
    await screen.findByText('Completed: 1');
    expect(screen.queryByText('Waiting for connection')).toBeNull();
    expect(screen.getByRole('button', { name: 'View hall' })).toBeTruthy();
  });

  it('analyses two photos at a time, and creates each item once its own analysis has answered', async () => {
    const pending = new Map<string, (d: RoomDetection) => void>();
    const created: string[] = [];
    const services: BatchServices = {
      sleep: () => Promise.resolve(),
      analyze: (f) => new Promise((resolve) => pending.set(f.name, resolve)),
      createProject: (item) => {
        created.push(`${item.name}:${item.roomType ?? 'batch'}`);
        return Promise.resolve({ id: `p-${item.name}` });
      },
      getStatus: () => Promise.resolve(completed),
    };
    render(<Harness services={services} />);
    pick([file('a.jpg'), file('b.jpg'), file('c.jpg')]);
    await waitFor(() => expect([...pending.keys()]).toEqual(['a.jpg', 'b.jpg']));
    expect(screen.getAllByText('Detecting the room...')).toHaveLength(3);
    // The user's own pick for b wins over a detection that comes later.
    fireEvent.change(screen.getByLabelText('Room type for b'), { target: { value: 'bathroom' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Start' }));
      await Promise.resolve();
    });
    expect(created).toEqual([]);
    await act(async () => {
      pending.get('a.jpg')?.({ roomType: 'kitchen', style: 'modern', confident: true, engine: 'openai' });
      pending.get('b.jpg')?.({ roomType: 'bedroom', style: 'modern', confident: true, engine: 'openai' });
      await Promise.resolve();
    });
    await waitFor(() => expect([...pending.keys()]).toEqual(['a.jpg', 'b.jpg', 'c.jpg']));
    await waitFor(() => expect(created).toEqual(['a:kitchen', 'b:bathroom']));
    await act(async () => {
      pending.get('c.jpg')?.({ roomType: 'other', style: 'modern', confident: false, engine: 'preview' });
      await Promise.resolve();
    });
    await screen.findByText('Completed: 3');
    expect(created).toEqual(['a:kitchen', 'b:bathroom', 'c:batch']);
    // Once sent, an item's room type is fixed.
    expect(screen.getByLabelText<HTMLSelectElement>('Room type for c').disabled).toBe(true);
    expect(screen.getByLabelText<HTMLSelectElement>('Room type for c').value).toBe('living-room');
  });

  it('never sends a photo its analysis refused, before or during the run, and counts it as failed', async () => {
    const pending = new Map<string, (d: RoomDetection | PhotoRefused) => void>();
    const created: string[] = [];
    const outcomes: BatchOutcome[] = [];
    const services: BatchServices = {
      sleep: () => Promise.resolve(),
      analyze: (f) => new Promise((resolve) => pending.set(f.name, resolve)),
      createProject: (item) => {
        created.push(item.name);
        return Promise.resolve({ id: `p-${item.name}` });
      },
      getStatus: () => Promise.resolve(completed),
    };
    render(<Harness services={services} onDone={(o) => outcomes.push(o)} />);
    pick([file('icon.png', 'image/png'), file('thumb.jpg'), file('room.jpg')]);
    await waitFor(() => expect(pending.size).toBe(2));
    await act(async () => {
      pending.get('icon.png')?.({ refused: 'Too small to stage.' });
      await Promise.resolve();
    });
    await waitFor(() => expect(pending.size).toBe(3));
    expect(screen.getByText('Too small to stage.')).toBeTruthy();
    expect(screen.getByText('Failed: 1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry icon' })).toBeNull();
    expect(screen.getByLabelText<HTMLSelectElement>('Room type for icon').disabled).toBe(true);

    // thumb's answer comes while the run already waits for it.
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Start' }));
      await Promise.resolve();
    });
    await act(async () => {
      pending.get('thumb.jpg')?.({ refused: 'Too small to stage.' });
      pending.get('room.jpg')?.({ roomType: 'other', style: 'modern', confident: false, engine: 'preview' });
      await Promise.resolve();
    });
    await waitFor(() => expect(outcomes).toEqual([{ completed: 1, failed: 2, waiting: 0, notRun: 0 }]));
    expect(created).toEqual(['room']);
    expect(screen.getAllByText('Too small to stage.')).toHaveLength(2);
  });
});
