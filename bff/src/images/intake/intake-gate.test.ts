import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors';
import { IntakeGate, visitorIntakeOwner } from './intake-gate';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('IntakeGate', () => {
  it('runs at most `concurrent` uploads at once; the rest wait their turn in order', async () => {
    const gate = new IntakeGate({ concurrent: 2, perOwner: 10 });
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const holds = Array.from({ length: 5 }, deferred);
    const runs = holds.map((h, i) =>
      gate.run(`u${i}`, async () => {
        running += 1;
        most = Math.max(most, running);
        order.push(i);
        await h.promise;
        running -= 1;
        return i;
      }),
    );
    await new Promise((r) => setTimeout(r, 10));
    expect(order).toEqual([0, 1]);
    for (const h of holds) h.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
    expect(order).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
  });

  it('refuses an owner past its share with 429 and Retry-After, and frees the share after errors', async () => {
    const gate = new IntakeGate({ concurrent: 1, perOwner: 3 });
    const hold = deferred();
    const held = [1, 2, 3].map(() => gate.run('agent', () => hold.promise));
    const refused = await gate.run('agent', () => Promise.resolve()).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 429, headers: { 'Retry-After': '3' } });
    // Others are not affected by one owner's queue.
    const other = gate.run('visitor', () => Promise.resolve('ok'));
    hold.resolve();
    await Promise.all(held);
    expect(await other).toBe('ok');
    await expect(gate.run('agent', () => Promise.reject(new Error('bad photo')))).rejects.toThrow(
      'bad photo',
    );
    expect(await Promise.all([1, 2, 3].map(() => gate.run('agent', () => Promise.resolve(1))))).toEqual([
      1, 1, 1,
    ]);
  });

  it('keeps a slot for signed-in users, and lets them go before waiting visitors', async () => {
    const gate = new IntakeGate({ concurrent: 2, perOwner: 10 });
    const hold = deferred();
    const order: string[] = [];
    const visit = (n: number) =>
      gate.run(visitorIntakeOwner(`192.0.2.${n}`), async () => {
        order.push(`visitor ${n}`);
        await hold.promise;
      });
    const visitors = [visit(1), visit(2)];
    await new Promise((r) => setTimeout(r, 10));
    // One visitor decodes; the other waits although a slot is free, since it is kept for users.
    expect(order).toEqual(['visitor 1']);
    await gate.run('user-a', () => Promise.resolve(order.push('user a')));
    expect(order).toEqual(['visitor 1', 'user a']);
    hold.resolve();
    await Promise.all(visitors);
    expect(order).toEqual(['visitor 1', 'user a', 'visitor 2']);
  });

  it('reads a body outside any slot: a photo still arriving holds none', async () => {
    const gate = new IntakeGate({ concurrent: 1, perOwner: 10 });
    const body = deferred();
    const slow = gate.readPhoto(
      'slow-user',
      () => body.promise.then(() => ({ file: Buffer.from('x'), fileName: null, fields: {} })),
      () => Promise.resolve('slow'),
    );
    expect(await gate.run('quick-user', () => Promise.resolve('quick'))).toBe('quick');
    body.resolve();
    expect(await slow).toBe('slow');
  });

  it('holds at most its reading slots of bodies while decoding is busy: a read body waits in its slot', async () => {
    const gate = new IntakeGate({ concurrent: 1, perOwner: 10 });
    const decoding = deferred();
    const busy = gate.run('decoding-user', () => decoding.promise);
    let read = 0;
    const uploads = Array.from({ length: 10 }, (_, i) =>
      gate.readPhoto(
        `user-${i}`,
        () => {
          read += 1;
          return Promise.resolve({ file: Buffer.alloc(1024), fileName: null, fields: {} });
        },
        () => Promise.resolve(i),
      ),
    );
    await new Promise((r) => setTimeout(r, 20));
    // One decoding slot, four reading slots: four bodies read and waiting, six not read at all yet.
    expect(read).toBe(4);
    decoding.resolve();
    await busy;
    expect(await Promise.all(uploads)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(read).toBe(10);
  });
});
