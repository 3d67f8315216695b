import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startQueueRunner, type RunnableQueue } from './runner';

/** A queue whose next due time and blocked state the test sets; it tells the runner about changes. */
function fakeQueue() {
  const changes = new Set<() => void>();
  const resumes = new Set<() => void>();
  const queue = {
    due: null as number | null,
    blocked: false,
    nextDueAt: () => Promise.resolve(queue.due),
    isBlocked: () => queue.blocked,
    waitsForServer: () => Promise.resolve(queue.due !== null),
    subscribe: (l: () => void) => (changes.add(l), () => changes.delete(l)),
    onResume: (l: () => void) => (resumes.add(l), () => resumes.delete(l)),
    /** Another tab changed the queue. */
    change: () => changes.forEach((l) => l()),
    resume: () => resumes.forEach((l) => l()),
  };
  return queue satisfies RunnableQueue;
}

describe('the queue runner (flush triggers)', () => {
  let stop = () => undefined as void;
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
  afterEach(() => {
    stop();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  const start = (queue: ReturnType<typeof fakeQueue>, random: () => number) => {
    const flush = vi.fn((_force: boolean) => Promise.resolve());
    stop = startQueueRunner(queue, { flush, random }).stop;
    return flush;
  };

  it('sends everything on start, then wakes at the next due time plus up to a fifth of the wait, at random', async () => {
    const queue = fakeQueue();
    queue.due = Date.now() + 10_000;
    const flush = start(queue, () => 1);
    await vi.advanceTimersByTimeAsync(0);
    expect(flush.mock.calls).toEqual([[true]]);
    await vi.advanceTimersByTimeAsync(11_999);
    expect(flush).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(flush.mock.calls).toEqual([[true], [false]]);
  });

  it('sets its timer anew when another tab queues something, without waiting for a poll', async () => {
    const queue = fakeQueue();
    const flush = start(queue, () => 0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(flush).toHaveBeenCalledTimes(1); // nothing waits: no timer
    queue.due = Date.now() + 15_000;
    queue.change();
    await vi.advanceTimersByTimeAsync(15_000);
    expect(flush.mock.calls).toEqual([[true], [false]]);
  });

  it('sends everything when the browser is back online, the tab is back in view, or the queue resumes', async () => {
    const queue = fakeQueue();
    const flush = start(queue, () => 0);
    await vi.advanceTimersByTimeAsync(0);
    window.dispatchEvent(new Event('online'));
    document.dispatchEvent(new Event('visibilitychange'));
    queue.resume();
    await vi.advanceTimersByTimeAsync(0);
    expect(flush.mock.calls).toEqual([[true], [true], [true], [true]]);
  });

  it('tries nothing while the browser is offline or the queue waits for the user', async () => {
    const queue = fakeQueue();
    queue.due = Date.now();
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const flush = start(queue, () => 0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(flush).not.toHaveBeenCalled();
    offline.mockReturnValue(true);
    queue.blocked = true;
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(flush).not.toHaveBeenCalled();
  });
});
