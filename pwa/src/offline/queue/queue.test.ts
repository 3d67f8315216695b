import { afterEach, describe, expect, it, vi } from 'vitest';
import { createChannel } from './channel';
import { createQueue } from './queue';
import type { QueueRecord, Verdict } from './types';
import type { QueueStore } from './queue-store';

interface Item extends QueueRecord {
  status: 'waiting' | 'sending' | 'failed';
}

/** One store as every tab of the app sees it. */
function memoryStore(): QueueStore<Item> & { rows: Map<string, Item> } {
  const rows = new Map<string, Item>();
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    rows,
    put: async (r) => void (await tick(), rows.set(r.id, structuredClone(r))),
    get: async (id) => (await tick(), rows.get(id)),
    delete: async (id) => void (await tick(), rows.delete(id)),
    list: async () => (await tick(), [...rows.values()].sort((a, b) => a.createdAt - b.createdAt)),
    count: () => Promise.resolve(rows.size),
  };
}

/** Web Locks as the browser grants them: one holder per name, the others wait their turn. */
function webLocks() {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request(name: string, work: () => Promise<unknown>) {
      const run = (tails.get(name) ?? Promise.resolve()).then(() => work());
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
}

type Answer = 'ok' | 'down' | 'no';
const judge = (a: Answer): Verdict<never> =>
  a === 'ok'
    ? { kind: 'done' }
    : a === 'down'
      ? { kind: 'retry', message: 'down', unreachable: true }
      : { kind: 'refused', message: 'no' };

/** A tab of the app with its own queue object over the shared store. */
const tab = (store: QueueStore<Item>) =>
  createQueue<Item, Answer>({
    store,
    lockName: 'test-flush',
    channel: createChannel<{ type: 'changed' }>('test-queue'),
    backoff: { baseMs: 1000, maxMs: 60_000 },
    status: { waiting: 'waiting', sending: 'sending', failed: 'failed' },
    judge,
    fromError: () => 'down',
  });

const item = (id: string, createdAt: number): Item => ({
  id,
  status: 'waiting',
  createdAt,
  attempts: 0,
  nextAttemptAt: 0,
  lastError: null,
});

describe('the queue mechanism', () => {
  afterEach(() => Reflect.deleteProperty(navigator, 'locks'));

  it('never lets two tabs send the same item: they take turns under the Web Lock', async () => {
    Object.defineProperty(navigator, 'locks', { value: webLocks(), configurable: true });
    const store = memoryStore();
    const [one, two] = [tab(store), tab(store)];
    await one.enqueue(item('a', 1));
    await one.enqueue(item('b', 2));
    const sent: string[] = [];
    const send = async (r: Item): Promise<Answer> => {
      sent.push(r.id);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return 'ok';
    };
    await Promise.all([one.flush({ send, force: true }), two.flush({ send, force: true })]);
    expect(sent).toEqual(['a', 'b']);
    expect(store.rows.size).toBe(0);
  });

  it('keeps an item until the server confirmed it, counting each try', async () => {
    const store = memoryStore();
    const queue = tab(store);
    await queue.enqueue(item('a', 1));
    const report = await queue.flush({ send: () => Promise.reject(new Error('offline')), now: () => 0 });
    expect(report.waiting.map((r) => r.id)).toEqual(['a']);
    expect(store.rows.get('a')).toMatchObject({ status: 'waiting', attempts: 1, nextAttemptAt: 1000 });
    await queue.flush({ send: () => Promise.resolve('no'), now: () => 1000 });
    expect(store.rows.get('a')).toMatchObject({ status: 'failed', attempts: 2, lastError: 'no' });
    await queue.retry('a', 2000);
    const done = await queue.flush({ send: () => Promise.resolve('ok'), now: () => 2000 });
    expect(done.sent.map((r) => r.id)).toEqual(['a']);
    expect(store.rows.size).toBe(0);
  });

  it('does not send an item discarded while the round was sending the ones before it', async () => {
    const store = memoryStore();
    const queue = tab(store);
    await queue.enqueue(item('a', 1));
    await queue.enqueue(item('b', 2));
    const sent: string[] = [];
    const send = async (r: Item): Promise<Answer> => {
      sent.push(r.id);
      if (r.id === 'a') await queue.discard('b'); // the user discards it meanwhile
      return 'ok';
    };
    await queue.flush({ send, force: true });
    expect(sent).toEqual(['a']);
    expect(store.rows.size).toBe(0);
  });

  it('changes a waiting item only between rounds: a round never sends the old one, a sent one is gone', async () => {
    Object.defineProperty(navigator, 'locks', { value: webLocks(), configurable: true });
    const store = memoryStore();
    const [one, two] = [tab(store), tab(store)];
    await one.enqueue({ ...item('a', 1), lastError: 'old' });
    let release: () => void = () => undefined;
    const seen: (string | null)[] = [];
    const send = (r: Item) => {
      seen.push(r.lastError);
      return new Promise<Answer>((resolve) => (release = () => resolve('down')));
    };
    const round = one.flush({ send, force: true });
    await vi.waitFor(() => expect(seen).toEqual(['old']));
    // Asked in another tab while the round sends it: the change waits for the round to end.
    const change = two.update('a', (r) => ({ ...r, lastError: 'new' }));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(store.rows.get('a')?.lastError).toBe('old');
    release();
    await round;
    expect(await change).toBe(true);
    expect(store.rows.get('a')?.lastError).toBe('new');
    await one.flush({ send: () => Promise.resolve('ok'), force: true });
    expect(await two.update('a', (r) => r)).toBe(false);
  });

  it('tells every tab about each change', async () => {
    const store = memoryStore();
    const [one, two] = [tab(store), tab(store)];
    const heard = vi.fn();
    const stop = two.subscribe(heard);
    await one.enqueue(item('a', 1));
    await vi.waitFor(() => expect(heard).toHaveBeenCalled());
    stop();
  });
});
